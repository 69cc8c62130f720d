import {
  type FileShareCreated,
  httpUrlProblem,
  isCancellation,
  type UploadOptions,
  uploadFromUrl,
} from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';

/** Upload from a URL: download 0–49 %, upload 50–99 % (spec section 9). */
export function UrlUpload({
  options,
  validate,
  onDone,
}: {
  options: () => UploadOptions;
  validate: () => boolean;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const [url, setUrl] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<FileShareCreated | null>(null);
  const controller = useRef<AbortController | null>(null);
  const invalid = url.trim() !== '' || attempted ? httpUrlProblem(url.trim()) !== null : false;

  async function start() {
    setAttempted(true);
    setError(null);
    setResult(null);
    if (httpUrlProblem(url.trim()) || !validate()) return;
    controller.current = new AbortController();
    setPercent(0);
    try {
      const created = await uploadFromUrl(client, url.trim(), {
        ...options(),
        signal: controller.current.signal,
        onProgress: (p) => setPercent(p.percent),
      });
      setResult(created);
      onDone();
    } catch (err) {
      setError(isCancellation(err) ? t`Upload cancelled` : errorMessage(err));
    } finally {
      setPercent(null);
      controller.current = null;
    }
  }

  return (
    <div className="url-upload">
      <label className="field">
        <span>{t`File URL`}</span>
        <input
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/file.zip"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'url-problem' : undefined}
        />
        {invalid && (
          <p className="field-error" id="url-problem" role="alert">
            {t`Enter a valid http or https URL`}
          </p>
        )}
      </label>
      {percent !== null ? (
        <div className="upload-progress">
          <progress max={100} value={percent} aria-label={t`Progress`} />
          <span className="muted">
            {percent < 50 ? t`Downloading ${percent}%` : t`Uploading ${percent}%`}
          </span>
          <button type="button" className="button small" onClick={() => controller.current?.abort()}>
            {t`Cancel`}
          </button>
        </div>
      ) : (
        <button type="button" className="button primary" onClick={start}>
          {t`Upload from URL`}
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <p>
          {t`Uploaded:`} <Link to={pathFor('file-view', { slug: result.slug })}>{result.url}</Link>
        </p>
      )}
    </div>
  );
}
