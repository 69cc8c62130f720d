/**
 * An encrypted file share's actions and body: the key is checked on the first bytes, then "Download
 * and decrypt" saves the plaintext streamed (lib/e2e/decryptedDownload.ts). Nothing is previewed.
 */
import { formatBytes } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type DownloadOutcome, saveDecrypted } from '../../lib/e2e/decryptedDownload.ts';
import { useE2eMessage } from '../../lib/e2e/useE2eMessage.ts';
import type { EncryptedFileState } from '../../lib/e2e/useEncryptedFile.ts';

type Progress =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done' }
  | { kind: 'failed'; code: Exclude<DownloadOutcome, { ok: true }>['code'] };

export function useEncryptedFileView(state: EncryptedFileState, url: string) {
  const { t } = useLingui();
  const e2eMessage = useE2eMessage();
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const ready = state.kind === 'ready' ? state : null;

  async function download() {
    if (!ready) return;
    setProgress({ kind: 'running' });
    await saveDecrypted({ url, key: ready.key, name: ready.name, size: ready.size }, (outcome) =>
      setProgress(outcome.ok ? { kind: 'done' } : { kind: 'failed', code: outcome.code }),
    );
  }

  const failure = state.kind === 'failed' ? state.code : progress.kind === 'failed' ? progress.code : null;
  const failureText =
    failure === 'http'
      ? t`The encrypted file could not be downloaded. Try again.`
      : failure && e2eMessage(failure);

  return {
    title: ready?.name ?? '',
    heading: ready?.name ?? t`Encrypted file`,
    details: ready && (
      <p className="muted share-remark">
        {ready.size === null ? '' : `${formatBytes(ready.size)} · `}
        {ready.type}
      </p>
    ),
    actions: (
      <button
        type="button"
        className="button primary"
        disabled={!ready || progress.kind === 'running'}
        onClick={() => void download()}
      >
        {t`Download and decrypt`}
      </button>
    ),
    body: (
      <div className="card share-content" data-testid="file-preview">
        {failureText ? (
          <p className="notice e2e-error" role="alert" data-testid="decrypt-error">
            {failureText}
          </p>
        ) : state.kind === 'checking' ? (
          <p className="muted">{t`Checking the key…`}</p>
        ) : progress.kind === 'running' ? (
          <p className="muted" role="status">{t`Downloading and decrypting…`}</p>
        ) : progress.kind === 'done' ? (
          <p role="status">{t`Downloaded and verified.`}</p>
        ) : (
          <p className="muted">{t`No preview: the file is decrypted only as it downloads.`}</p>
        )}
      </div>
    ),
  };
}
