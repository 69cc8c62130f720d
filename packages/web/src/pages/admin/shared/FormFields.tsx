/**
 * The admin forms' fields: a labelled control with its hint or inline error (`Field`), the two
 * shapes every form repeats, a text input (`TextField`) and a checkbox with its label (`CheckField`),
 * and the submit button that waits while a save runs (`SubmitButton`).
 */
import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string | null;
  error?: string | null;
  children: ReactNode;
}) {
  // The hint or error sits outside the <label> (so the accessible name is the label alone) and is
  // tied to the control with aria-describedby.
  const noteId = `${useId()}-note`;
  const labelRef = useRef<HTMLLabelElement>(null);
  const note = error || hint;
  useEffect(() => {
    const control = labelRef.current?.querySelector('input, select, textarea');
    if (!control) return;
    if (note) control.setAttribute('aria-describedby', noteId);
    else control.removeAttribute('aria-describedby');
  }, [note, noteId]);
  return (
    <div className="field">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is passed in as a child. */}
      <label className="field-control" ref={labelRef}>
        <span>{label}</span>
        {children}
      </label>
      {error ? (
        <span className="field-error" role="alert" id={noteId}>
          {error}
        </span>
      ) : (
        hint && (
          <span className="field-hint" id={noteId}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'>;

/** A text-like input in a `Field`: marked invalid while it shows an error. */
export function TextField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  ...input
}: InputProps & {
  label: string;
  hint?: string | null;
  error?: string | null;
  name: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      <input
        {...input}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckField({
  name,
  checked,
  onChange,
  children,
}: {
  name?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="check-field">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** A form's submit button: it reads "Saving…" and waits while the save runs. */
export function SubmitButton({ saving, label }: { saving: boolean; label: string }) {
  const { t } = useLingui();
  return (
    <button type="submit" className="button primary" disabled={saving}>
      {saving ? t`Saving…` : label}
    </button>
  );
}
