/** The explorer's small dialogs: a name (new folder, rename), a direct link, a copy target. */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useServices } from '../../app/services.ts';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { CheckField, Field } from '../admin/shared/FormFields.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';
import { nameProblem } from './explorerModel.ts';
import { FolderTree } from './FolderTree.tsx';
import { CopyLinkButton, ExpirySelect } from './linkFields.tsx';

export function NameDialog({
  title,
  initial,
  submitLabel,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onClose(): void;
  onSubmit(name: string): Promise<boolean>;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = nameProblem(name);
  const error = !tried
    ? null
    : problem === 'required'
      ? t`Required`
      : problem === 'invalid'
        ? t`A name without "/", "\\" or control characters, and not "." or ".."`
        : null;
  return (
    <Dialog
      title={title}
      name="name"
      onClose={onClose}
      onSubmit={async () => {
        setTried(true);
        if (problem || busy) return;
        setBusy(true);
        const ok = await onSubmit(name.trim());
        setBusy(false);
        if (ok) onClose();
      }}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <Field label={t`Name`} error={error}>
        <input
          name="name"
          value={name}
          autoFocus
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
    </Dialog>
  );
}

const EXPIRY_CHOICES = [3600, 86_400, 604_800] as const;

export function LinkDialog({ path, name, onClose }: { path: string; name: string; onClose(): void }) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [expiresIn, setExpiresIn] = useState<number>(604_800);
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function create() {
    setBusy(true);
    try {
      const r = await client.fs.fileLink(path, { expires_in: expiresIn });
      setLink({ ...r, url: new URL(r.url, window.location.href).href });
    } catch (err) {
      feedback.fail(t`Could not create the link`, err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      title={t`Direct link to ${name}`}
      name="file-link"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t`Close`}
        </button>
      }
    >
      <div className="form">
        <ExpirySelect
          label={t`Valid for`}
          choices={EXPIRY_CHOICES}
          value={expiresIn}
          onChange={(seconds) => {
            setExpiresIn(seconds);
            setLink(null);
          }}
        />
        {link ? (
          <>
            <input
              className="mono"
              readOnly
              value={link.url}
              aria-label={t`Link`}
              data-testid="file-link-url"
            />
            <div className="actions">
              <CopyLinkButton url={link.url} />
              <a className="button" href={link.url} target="_blank" rel="noopener noreferrer">
                {t`Open`}
              </a>
            </div>
          </>
        ) : (
          <button type="button" className="button primary" onClick={() => void create()} disabled={busy}>
            {t`Create link`}
          </button>
        )}
      </div>
    </Dialog>
  );
}

export function CopyDialog({
  count,
  onClose,
  onCopy,
}: {
  count: number;
  onClose(): void;
  onCopy(target: string, options: { skipExisting: boolean; clientSide: boolean }): Promise<void>;
}) {
  const { t } = useLingui();
  const [target, setTarget] = useState('');
  const [skipExisting, setSkipExisting] = useState(true);
  const [clientSide, setClientSide] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title={t`Copy ${count} items to…`}
      name="copy"
      wide
      onClose={onClose}
      onSubmit={async () => {
        if (!target || target === '/' || busy) return;
        setBusy(true);
        await onCopy(target, { skipExisting, clientSide });
        setBusy(false);
      }}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button primary" disabled={!target || target === '/' || busy}>
            {t`Copy here`}
          </button>
        </>
      }
    >
      <div className="form">
        <FolderTree label={t`Target folder`} selected={target} onSelect={setTarget} />
        <p className="muted">
          {t`Target`}: <code data-testid="copy-target">{target || '—'}</code>
        </p>
        <CheckField checked={skipExisting} onChange={setSkipExisting}>
          {t`Skip files that already exist`}
        </CheckField>
        <CheckField name="client_side" checked={clientSide} onChange={setClientSide}>
          {t`Copy through this browser (the bytes pass through this device; the target must take presigned uploads, e.g. S3)`}
        </CheckField>
      </div>
    </Dialog>
  );
}
