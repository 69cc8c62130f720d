import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import {
  EXPIRY_UNITS,
  type ExpiryUnit,
  type ShareOptionProblem,
  type ShareOptionProblems,
  type ShareOptions,
} from '../lib/shareOptions.ts';
import { PasswordField } from './PasswordField.tsx';

interface Props {
  value: ShareOptions;
  onChange: (next: ShareOptions) => void;
  /** Problems to show; only fields the user touched or a submit attempt reveal them. */
  problems: ShareOptionProblems;
  disabled?: boolean;
  /** The file page's quick choices (1 hour, 1 day, 7 days, 30 days, never) instead of amount and unit. */
  expiryPresets?: boolean;
  /** Disables the link suffix (several files cannot share one). */
  slugDisabledReason?: string;
}

/** The file page's presets, in hours (0 = never). */
const PRESET_HOURS = [1, 24, 24 * 7, 24 * 30, 0] as const;

function presetOf(o: ShareOptions): string {
  if (o.expiryUnit === 'never') return '0';
  const hours =
    Number(o.expiryAmount) * ({ hours: 1, days: 24, weeks: 168, months: 720 } as const)[o.expiryUnit];
  return (PRESET_HOURS as readonly number[]).includes(hours) ? String(hours) : '24';
}

/** The share options of spec section 2: remark, link suffix, password, expiry, max views. */
export function ShareOptionsFields({
  value,
  onChange,
  problems,
  disabled,
  expiryPresets,
  slugDisabledReason,
}: Props) {
  const { t } = useLingui();
  const id = useId();
  const set = (patch: Partial<ShareOptions>) => onChange({ ...value, ...patch });
  const message = (p: ShareOptionProblem | undefined): string | null => {
    switch (p) {
      case 'slug-long':
        return t`The link suffix can be at most 50 characters`;
      case 'slug-chars':
        return t`Use only letters, digits, hyphen and underscore`;
      case 'slug-reserved':
        return t`This word is reserved, choose another`;
      case 'expiry-amount':
        return t`Enter a number greater than 0`;
      case 'max-views-negative':
        return t`Max views cannot be negative`;
      case 'max-views-whole':
        return t`Max views must be a whole number`;
      default:
        return null;
    }
  };
  // "1 Day", "2 Days": the unit follows the amount typed next to it.
  const one = Number(value.expiryAmount) === 1;
  const unitNames: Record<ExpiryUnit, string> = {
    hours: one ? t`Hour` : t`Hours`,
    days: one ? t`Day` : t`Days`,
    weeks: one ? t`Week` : t`Weeks`,
    months: one ? t`Month` : t`Months`,
    never: t`Never expires`,
  };
  const presetNames: Record<string, string> = {
    '1': t`1 hour`,
    '24': t`1 day`,
    '168': t`7 days`,
    '720': t`30 days`,
    '0': t`Never expires`,
  };
  const error = (field: keyof ShareOptionProblems) => {
    const text = message(problems[field]);
    return text ? (
      <p className="field-error" id={`${id}-${field}-error`} role="alert">
        {text}
      </p>
    ) : null;
  };
  const describedBy = (field: keyof ShareOptionProblems, hint?: string) =>
    [problems[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="share-options" disabled={disabled}>
      <legend className="visually-hidden">{t`Share options`}</legend>
      <label className="field">
        <span>{t`Remark`}</span>
        <input
          name="remark"
          value={value.remark}
          maxLength={1000}
          onChange={(e) => set({ remark: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{t`Custom link suffix`}</span>
        <input
          name="slug"
          value={slugDisabledReason ? '' : value.slug}
          disabled={!!slugDisabledReason}
          placeholder={slugDisabledReason ?? t`Random if empty`}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!problems.slug}
          aria-describedby={describedBy('slug', `${id}-slug-hint`)}
          onChange={(e) => set({ slug: e.target.value })}
        />
        <span className="field-hint" id={`${id}-slug-hint`}>
          {t`Letters, digits, - and _; at most 50`}
        </span>
        {error('slug')}
      </label>
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        value={value.password}
        placeholder={t`No password`}
        onValue={(password) => set({ password })}
      />
      {expiryPresets ? (
        <label className="field">
          <span>{t`Expires after`}</span>
          <select
            name="expiryPreset"
            value={presetOf(value)}
            onChange={(e) => {
              const hours = e.target.value;
              set(hours === '0' ? { expiryUnit: 'never' } : { expiryAmount: hours, expiryUnit: 'hours' });
            }}
          >
            {PRESET_HOURS.map((h) => (
              <option key={h} value={String(h)}>
                {presetNames[String(h)]}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className="field plain-fieldset">
          <legend>{t`Expires after`}</legend>
          <div className="field-row">
            <input
              name="expiryAmount"
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              aria-label={t`Amount`}
              value={value.expiryUnit === 'never' ? '' : value.expiryAmount}
              disabled={value.expiryUnit === 'never'}
              aria-invalid={!!problems.expiry}
              aria-describedby={describedBy('expiry')}
              onChange={(e) => set({ expiryAmount: e.target.value })}
            />
            <select
              name="expiryUnit"
              aria-label={t`Unit`}
              value={value.expiryUnit}
              onChange={(e) => set({ expiryUnit: e.target.value as ExpiryUnit })}
            >
              {EXPIRY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unitNames[unit]}
                </option>
              ))}
            </select>
          </div>
          {error('expiry')}
        </fieldset>
      )}
      <label className="field">
        <span>{t`Max views`}</span>
        <input
          name="maxViews"
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          value={value.maxViews}
          aria-invalid={!!problems.maxViews}
          aria-describedby={describedBy('maxViews', `${id}-views-hint`)}
          onChange={(e) => set({ maxViews: e.target.value })}
        />
        <span className="field-hint" id={`${id}-views-hint`}>
          {t`0 = unlimited`}
        </span>
        {error('maxViews')}
      </label>
    </fieldset>
  );
}
