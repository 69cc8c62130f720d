/** Settings (admin only): upload limit and WebDAV mode, the access log, the admin account, and the server cache. */
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../../app/services.ts';
import { useFeedback } from '../shared/feedback.ts';
import { ModuleHeader } from '../shared/ModuleHeader.tsx';
import { useAsync } from '../shared/useAsync.ts';
import { AccessLogSettingsForm } from './AccessLogSettingsForm.tsx';
import { AccountForm } from './AccountForm.tsx';
import { CacheCard } from './CacheCard.tsx';
import { UploadSettingsForm } from './UploadSettingsForm.tsx';
import '../admin.css';

export default function Settings() {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const settings = useAsync(() => client.system.settings(), 'settings', {
    onError: (err) => feedback.fail(t`Could not load the settings`, err),
  });
  return (
    <div data-module="settings">
      <ModuleHeader title={t`Settings`} />
      <div className="settings-grid">
        {settings.data ? (
          // Keyed by the saved values, so the form starts from what the server answered.
          <>
            <UploadSettingsForm
              key={JSON.stringify(settings.data)}
              settings={settings.data}
              onSaved={() => void settings.reload()}
            />
            <AccessLogSettingsForm
              key={`log-${JSON.stringify(settings.data)}`}
              settings={settings.data}
              onSaved={() => void settings.reload()}
            />
          </>
        ) : (
          <p className={`state${settings.error ? ' error' : ''}`}>
            {settings.error ? t`The settings could not be loaded.` : t`Loading…`}
          </p>
        )}
        <AccountForm />
        <CacheCard />
      </div>
    </div>
  );
}
