import type { ReactNode } from 'react';
import { SubmitButton } from '../shared/FormFields.tsx';

/** A settings card that is a form: a heading that names it, its fields, and the button that saves. */
export function SettingsForm({
  titleId,
  title,
  saving,
  submitLabel,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  saving: boolean;
  submitLabel: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <form
      className="card form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        <SubmitButton saving={saving} label={submitLabel} />
      </div>
    </form>
  );
}
