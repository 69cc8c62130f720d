/**
 * The admin forms' fields: a labelled control with its hint or inline error (`Field`), the two
 * shapes every form repeats, a text input (`TextField`) and a checkbox with its label (`CheckField`),
 * a size as a number and its unit (`SizeField`), one choice of a few explained options (`RadioChoices`),
 * and the submit button that waits while a save runs (`SubmitButton`).
 */
import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import { binaryUnitLabel } from './format.ts';

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

/** A size: a number and its binary unit (KB, MB, …) side by side, the number marked invalid on error. */
export function SizeField<U extends string>({
  label,
  hint,
  error,
  name,
  unitName,
  units,
  amount,
  unit,
  onAmount,
  onUnit,
}: {
  label: string;
  hint: string;
  error: string | null;
  name: string;
  unitName: string;
  units: readonly U[];
  amount: string;
  unit: U;
  onAmount(amount: string): void;
  onUnit(unit: U): void;
}) {
  const { t } = useLingui();
  return (
    <Field label={label} error={error} hint={hint}>
      <div className="field-row">
        <input
          name={name}
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={amount}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onAmount(e.target.value)}
        />
        <select
          name={unitName}
          aria-label={t`Unit`}
          value={unit}
          onChange={(e) => onUnit(e.target.value as U)}
        >
          {units.map((u) => (
            <option key={u} value={u}>
              {binaryUnitLabel(u)}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

/** Radio buttons under a legend, each option with its label and a hint of what it does. */
export function RadioChoices<M extends string>({
  legend,
  name,
  choices,
  text,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly M[];
  text: Record<M, { label: string; hint: string }>;
  value: M;
  onChange(choice: M): void;
}) {
  return (
    <fieldset className="field">
      <legend>
        <strong>{legend}</strong>
      </legend>
      {choices.map((m) => (
        <label key={m} className="check-field">
          <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} />
          <span>
            {text[m].label}
            <span className="field-hint"> — {text[m].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
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
