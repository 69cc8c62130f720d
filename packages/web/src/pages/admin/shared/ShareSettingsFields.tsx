/** The share settings part of the text and file edit dialogs: link suffix, remark, password, expiry, max views. */
import { useLingui } from '@lingui/react/macro';
import { Field } from './FormFields.tsx';
import { formatDateTime } from './format.ts';
import {
  EXPIRY_PRESETS,
  type ExpiryChoice,
  type ExpiryUnit,
  type PasswordChoice,
  type ShareFormState,
  type ShareProblem,
  type ShareProblems,
  type ShareRecordLike,
} from './shareForm.ts';

export function useShareProblemText() {
  const { t } = useLingui();
  return (problem: ShareProblem | undefined): string | null => {
    switch (problem) {
      case 'slug-empty':
        return t`The link suffix cannot be empty`;
      case 'slug-long':
        return t`The link suffix can be at most 50 characters`;
      case 'slug-chars':
        return t`Use only letters, digits, hyphen and underscore`;
      case 'slug-reserved':
        return t`This word is reserved, choose another`;
      case 'password-empty':
        return t`Enter the new password`;
      case 'expiry-amount':
        return t`Enter a number greater than 0`;
      case 'max-views':
        return t`Max views must be a whole number, 0 or more (0 = unlimited)`;
      default:
        return null;
    }
  };
}

export interface ShareSettingsFieldsProps {
  record: ShareRecordLike;
  state: ShareFormState;
  problems: ShareProblems;
  /** Show problems only after a first submit attempt. */
  showProblems: boolean;
  onChange(next: ShareFormState): void;
}

export function ShareSettingsFields({
  record,
  state,
  problems,
  showProblems,
  onChange,
}: ShareSettingsFieldsProps) {
  const { t, i18n } = useLingui();
  const problemText = useShareProblemText();
  const set = <K extends keyof ShareFormState>(key: K, value: ShareFormState[K]) =>
    onChange({ ...state, [key]: value });
  const error = (field: keyof ShareProblems) => (showProblems ? problemText(problems[field]) : null);
  const presetLabel = (hours: number) =>
    hours === 1 ? t`1 hour` : hours === 24 ? t`1 day` : hours === 168 ? t`7 days` : t`30 days`;
  const current = record.expires_at
    ? t`Keep current (expires ${formatDateTime(record.expires_at, i18n.locale)})`
    : t`Keep current (never expires)`;

  return (
    <>
      <div className="grid-2">
        <Field label={t`Link suffix`} error={error('slug')} hint={t`Letters, digits, - and _; at most 50`}>
          <input
            name="slug"
            value={state.slug}
            maxLength={60}
            aria-invalid={Boolean(error('slug')) || undefined}
            onChange={(e) => set('slug', e.target.value)}
          />
        </Field>
        <Field label={t`Max views`} error={error('maxViews')} hint={t`0 = unlimited`}>
          <input
            name="max_views"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={state.maxViews}
            aria-invalid={Boolean(error('maxViews')) || undefined}
            onChange={(e) => set('maxViews', e.target.value)}
          />
        </Field>
      </div>
      <Field label={t`Remark`}>
        <input
          name="remark"
          value={state.remark}
          maxLength={1000}
          onChange={(e) => set('remark', e.target.value)}
        />
      </Field>
      <div className="grid-2">
        <Field label={t`Password`} error={error('password')}>
          <select
            name="password_mode"
            value={state.password}
            onChange={(e) => set('password', e.target.value as PasswordChoice)}
          >
            <option value="keep">
              {record.has_password ? t`Keep the current password` : t`No password`}
            </option>
            <option value="set">{record.has_password ? t`Set a new password` : t`Set a password`}</option>
            {record.has_password && <option value="clear">{t`Remove the password`}</option>}
          </select>
          {state.password === 'set' && (
            <input
              name="new_password"
              type="password"
              autoComplete="new-password"
              aria-label={t`New password`}
              placeholder={t`New password`}
              value={state.newPassword}
              aria-invalid={Boolean(error('password')) || undefined}
              onChange={(e) => set('newPassword', e.target.value)}
            />
          )}
        </Field>
        <Field label={t`Expiry`} error={error('expiry')}>
          <select
            name="expiry"
            value={state.expiry}
            onChange={(e) => set('expiry', e.target.value as ExpiryChoice)}
          >
            <option value="keep">{current}</option>
            <option value="never">{t`Never expires`}</option>
            {EXPIRY_PRESETS.map((h) => (
              <option key={h} value={String(h)}>
                {t`In ${presetLabel(h)}`}
              </option>
            ))}
            <option value="custom">{t`Custom…`}</option>
          </select>
          {state.expiry === 'custom' && (
            <div className="field-row">
              <input
                name="expiry_amount"
                type="number"
                min={0}
                step="any"
                aria-label={t`Expires in`}
                value={state.customAmount}
                aria-invalid={Boolean(error('expiry')) || undefined}
                onChange={(e) => set('customAmount', e.target.value)}
              />
              <select
                name="expiry_unit"
                aria-label={t`Unit`}
                value={state.customUnit}
                onChange={(e) => set('customUnit', e.target.value as ExpiryUnit)}
              >
                <option value="hours">{t`hours`}</option>
                <option value="days">{t`days`}</option>
                <option value="weeks">{t`weeks`}</option>
                <option value="months">{t`months`}</option>
              </select>
            </div>
          )}
        </Field>
      </div>
    </>
  );
}
