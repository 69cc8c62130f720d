import type { ApiKey } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { CopyButton } from '../shared/CopyButton.tsx';
import { Dialog } from '../shared/Dialog.tsx';

/** Shown once after creation: the key to hand over, with a copy button. */
export function KeyCreatedDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Dialog
      title={t`API key created`}
      name="key-created"
      onClose={onClose}
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          {t`Done`}
        </button>
      }
    >
      <p>{t`Give this key to the program or person who will use it. You can copy it again from the list.`}</p>
      <div className="secret-box">
        <code data-testid="created-key">{apiKey.key}</code>
        <CopyButton text={apiKey.key} label={t`Copy key`} done={t`Key copied`} />
      </div>
    </Dialog>
  );
}
