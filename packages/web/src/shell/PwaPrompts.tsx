import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';

/** The install and update prompts (spec section 4). */
export function PwaPrompts() {
  useSignals();
  const { t } = useLingui();
  const { pwa } = useServices();
  return (
    <>
      {pwa.updateReady.value && (
        <div className="prompt" role="dialog" aria-label={t`Update available`}>
          <span>{t`A new version of clip is available.`}</span>
          <button type="button" className="button primary" onClick={() => pwa.acceptUpdate()}>
            {t`Reload to update`}
          </button>
          <button type="button" className="button" onClick={() => pwa.dismissUpdate()}>
            {t`Later`}
          </button>
        </div>
      )}
      {pwa.showInstall.value && (
        <div className="prompt" role="dialog" aria-label={t`Install clip`}>
          <span>{t`Install clip for quick access, even offline.`}</span>
          <button type="button" className="button primary" onClick={() => void pwa.install()}>
            {t`Install`}
          </button>
          <button type="button" className="button" onClick={() => pwa.dismissInstall()}>
            {t`Not now`}
          </button>
        </div>
      )}
    </>
  );
}
