import { type ReactNode, useState } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { ShareSettingsFields } from './ShareSettingsFields.tsx';
import {
  initialShareForm,
  type ShareRecordLike,
  type ShareUpdate,
  shareUpdateBody,
  validateShareForm,
} from './shareForm.ts';
import { useFormSave } from './useFormSave.ts';

/**
 * Edits a share of any kind: the kind's own fields first, then the settings every share has (slug,
 * remark, password, expiry, max views). Sends only what changed; with nothing changed it just closes.
 */
export function ShareEditDialog<Own extends object>({
  record,
  title,
  name,
  own,
  update,
  updated,
  failure,
  onClose,
  onSaved,
  children,
}: {
  record: ShareRecordLike;
  title: string;
  name: string;
  /** The kind's own fields: whether they are valid and those that changed. */
  own: { valid: boolean; changes: Own };
  update(body: ShareUpdate & Own): Promise<unknown>;
  /** The toasts: the success, and what failed. */
  updated: string;
  failure: string;
  onClose(): void;
  onSaved(): void;
  /** The kind's own fields; `tried` says whether their problems show yet. */
  children(tried: boolean): ReactNode;
}) {
  const form = useFormSave();
  const [share, setShare] = useState(() => initialShareForm(record));
  const problems = validateShareForm(share);

  const save = () =>
    form.save({
      valid: own.valid && Object.keys(problems).length === 0,
      failure,
      run: async () => {
        const body = { ...shareUpdateBody(share, record), ...own.changes };
        if (Object.keys(body).length === 0) return onClose();
        await update(body);
        form.ok(updated);
        onSaved();
      },
    });

  return (
    <FormDialog title={title} name={name} wide onClose={onClose} onSubmit={save} saving={form.saving}>
      <div className="form">
        {children(form.tried)}
        <ShareSettingsFields
          record={record}
          state={share}
          problems={problems}
          showProblems={form.tried}
          onChange={setShare}
        />
      </div>
    </FormDialog>
  );
}
