/**
 * "Request files here" on a folder: the upload requests already open on it, with what arrived through
 * each (who, when, size), and a form for a new one whose link the owner copies and sends.
 */
import type { UploadRequestDetail } from '@clip/sdk';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { ReceivedFiles } from '../../components/ReceivedFiles.tsx';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { Field } from '../admin/shared/FormFields.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';
import { CopyLinkButton, ExpirySelect, OptionalPasswordField } from './linkFields.tsx';

const MIB = 1024 * 1024;
const EXPIRY_CHOICES = [86_400, 604_800, 2_592_000, -1] as const;

/** A whole number of MiB from a field, or null when empty. */
const mib = (value: string): number | null => (value.trim() === '' ? null : Math.round(Number(value) * MIB));
const count = (value: string): number | null => (value.trim() === '' ? null : Number(value));

export function RequestFilesDialog({ path, name, onClose }: { path: string; name: string; onClose(): void }) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const [existing, setExisting] = useState<UploadRequestDetail[] | null>(null);
  const [form, setForm] = useState({
    title: '',
    message: '',
    maxFiles: '',
    maxSize: '',
    total: '',
    types: '',
    password: '',
  });
  const [expiresIn, setExpiresIn] = useState<number>(604_800);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function load() {
    try {
      const all = (await client.uploadRequests.list({ limit: 1000 })).items.filter((r) => r.path === path);
      setExisting(await Promise.all(all.map((r) => client.uploadRequests.get(r.id))));
    } catch (err) {
      feedback.fail(t`Could not read the upload requests`, err);
      setExisting([]);
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per folder
  useEffect(() => void load(), [path]);

  async function create() {
    const numbers = [form.maxFiles, form.maxSize, form.total].filter((v) => v.trim() !== '');
    if (numbers.some((v) => !(Number(v) > 0))) return setProblem(t`Limits must be positive numbers`);
    setProblem(null);
    setBusy(true);
    try {
      await client.uploadRequests.create({
        path,
        title: form.title || undefined,
        message: form.message || undefined,
        password: form.password || undefined,
        expires_in: expiresIn,
        max_files: count(form.maxFiles),
        max_file_bytes: mib(form.maxSize),
        max_total_bytes: mib(form.total),
        allowed_types: form.types
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => (s.includes('/') || s.startsWith('.') ? s : `.${s}`)),
      });
      await load();
    } catch (err) {
      feedback.fail(t`Could not create the upload request`, err);
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Dialog
      title={t`Request files into ${name}`}
      name="request-files"
      wide
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t`Close`}
        </button>
      }
    >
      {existing === null ? (
        <p className="muted" aria-busy="true">{t`Loading…`}</p>
      ) : (
        existing.map((r) => (
          <section key={r.id} className="card request-summary" aria-label={t`Upload request ${r.slug}`}>
            <div className="actions">
              <input className="mono" readOnly value={r.url} aria-label={t`Link of ${r.slug}`} />
              <CopyLinkButton url={r.url} />
            </div>
            <p className="muted">
              {r.title ? `${r.title} · ` : ''}
              {plural(r.files_received, { one: '# file received', other: '# files received' })}
            </p>
            <ReceivedFiles received={r.received} />
          </section>
        ))
      )}
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
        aria-label={t`New upload request`}
      >
        <h3>{t`New upload request`}</h3>
        <Field label={t`Title`}>
          <input name="title" value={form.title} maxLength={200} onChange={set('title')} />
        </Field>
        <Field label={t`Message to the uploader`}>
          <textarea name="message" value={form.message} maxLength={2000} rows={2} onChange={set('message')} />
        </Field>
        <div className="form-row">
          <Field label={t`Most files`}>
            <input name="max_files" inputMode="numeric" value={form.maxFiles} onChange={set('maxFiles')} />
          </Field>
          <Field label={t`Most per file (MB)`}>
            <input name="max_size" inputMode="decimal" value={form.maxSize} onChange={set('maxSize')} />
          </Field>
          <Field label={t`Most in all (MB)`}>
            <input name="total" inputMode="decimal" value={form.total} onChange={set('total')} />
          </Field>
        </div>
        <Field
          label={t`Only these types`}
          hint={t`Comma-separated, e.g. .pdf, .docx, image/*; empty takes any`}
        >
          <input name="types" value={form.types} onChange={set('types')} />
        </Field>
        <div className="form-row">
          <ExpirySelect
            label={t`Open for`}
            choices={EXPIRY_CHOICES}
            value={expiresIn}
            onChange={setExpiresIn}
          />
          <OptionalPasswordField
            value={form.password}
            onChange={(v) => setForm((f) => ({ ...f, password: v }))}
          />
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {t`Create request link`}
        </button>
      </form>
    </Dialog>
  );
}
