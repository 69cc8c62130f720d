/** The access log: how client addresses are kept, and for how many days (0 turns the log off). */
import { ACCESS_LOG_DAYS_MAX, type AccessLogIpMode } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Field, RadioChoices } from '../shared/FormFields.tsx';
import { type SettingsCardProps, SettingsForm, useSettingsSave } from './SettingsForm.tsx';
import { accessLogDays } from './units.ts';

/** The recommended choice first. */
const IP_MODE_ORDER: readonly AccessLogIpMode[] = ['anonymized', 'full', 'off'];

export function AccessLogSettingsForm({ settings, onSaved }: SettingsCardProps) {
  const { t } = useLingui();
  const form = useSettingsSave(onSaved);
  const [ipMode, setIpMode] = useState<AccessLogIpMode>(settings.access_log_ip);
  const [days, setDays] = useState(String(settings.access_log_days));
  const parsed = accessLogDays(days);
  const daysError =
    form.tried && parsed === null ? t`Enter whole days from 0 to ${ACCESS_LOG_DAYS_MAX}` : null;

  const ipText: Record<AccessLogIpMode, { label: string; hint: string }> = {
    anonymized: {
      label: t`Anonymized (recommended)`,
      hint: t`Only the network: IPv4 cut to /24, IPv6 to /48.`,
    },
    full: { label: t`Full address`, hint: t`The whole address of each visitor.` },
    off: { label: t`Off`, hint: t`No address is kept; the other fields still are.` },
  };

  const save = () =>
    form.save(parsed !== null, () => ({
      access_log_ip: ipMode,
      access_log_days: parsed ?? 0,
    }));

  return (
    <SettingsForm
      titleId="access-log-settings-title"
      title={t`Access log`}
      saving={form.saving}
      submitLabel={t`Save access log settings`}
      onSubmit={save}
    >
      <Field
        label={t`Keep events for (days)`}
        error={daysError}
        hint={t`Older events are deleted. 0 turns the access log off and deletes what it kept.`}
      >
        <input
          name="access_log_days"
          type="number"
          min={0}
          max={ACCESS_LOG_DAYS_MAX}
          step={1}
          inputMode="numeric"
          value={days}
          aria-invalid={Boolean(daysError) || undefined}
          onChange={(e) => setDays(e.target.value)}
        />
      </Field>
      <RadioChoices
        legend={t`Visitor addresses`}
        name="access_log_ip"
        choices={IP_MODE_ORDER}
        text={ipText}
        value={ipMode}
        onChange={setIpMode}
      />
    </SettingsForm>
  );
}
