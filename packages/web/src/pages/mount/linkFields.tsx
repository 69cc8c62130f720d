/**
 * The fields and buttons the explorer's link dialogs share (direct file link, path-share link,
 * upload request): how long the link lives, an optional password, and copying a link.
 */
import { useLingui } from '@lingui/react/macro';
import { PasswordInput } from '../../components/PasswordField.tsx';
import { Field } from '../admin/shared/FormFields.tsx';
import { copyText, useFeedback } from '../admin/shared/feedback.ts';

/** A lifetime choice in seconds; -1 = never (links.md). */
export function ExpirySelect({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly number[];
  value: number;
  onChange(seconds: number): void;
}) {
  const { t } = useLingui();
  const labels: Record<number, string> = {
    3600: t`1 hour`,
    86400: t`1 day`,
    604800: t`7 days`,
    2592000: t`30 days`,
    [-1]: t`Never`,
  };
  return (
    <Field label={label}>
      <select name="expires_in" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function OptionalPasswordField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useLingui();
  return (
    <Field label={t`Password (optional)`}>
      <PasswordInput name="password" autoComplete="new-password" value={value} onValue={onChange} />
    </Field>
  );
}

/** Copies a link and says whether it worked. */
export function useCopyLink() {
  const { t } = useLingui();
  const feedback = useFeedback();
  return async (url: string) =>
    (await copyText(url)) ? feedback.ok(t`Link copied`) : feedback.fail(t`Could not copy`, null);
}

export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useLingui();
  const copy = useCopyLink();
  return (
    <button type="button" className="button primary" onClick={() => void copy(url)}>
      {t`Copy link`}
    </button>
  );
}
