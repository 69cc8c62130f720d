/**
 * A password input and its labelled field, as the sign-in form, a share's password gate, the share
 * options and the explorer's link dialogs all ask for one: the value flows out as a string.
 */
import type { InputHTMLAttributes } from 'react';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValue(value: string): void;
};

export function PasswordInput({ onValue, ...input }: PasswordInputProps) {
  return <input {...input} type="password" onChange={(e) => onValue(e.target.value)} />;
}

export function PasswordField({ label, ...input }: PasswordInputProps & { label: string }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the input is PasswordInput, inside the label.
    <label className="field">
      <span>{label}</span>
      <PasswordInput {...input} />
    </label>
  );
}
