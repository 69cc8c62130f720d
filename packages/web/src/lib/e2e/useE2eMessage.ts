/** What went wrong opening an encrypted share, in plain words in the interface language. */
import type { E2eErrorCode } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';

export function useE2eMessage(): (code: E2eErrorCode) => string {
  const { t } = useLingui();
  return (code) => {
    switch (code) {
      case 'missing-key':
        return t`This share is end-to-end encrypted, and the link has no key (the part after #k=). Ask for the whole link.`;
      case 'wrong-key':
        return t`The key in this link does not open this share. Check that the whole link was copied.`;
      case 'truncated':
        return t`The encrypted data ends early: the download was cut short or the share is damaged.`;
      case 'not-encrypted':
        return t`This share is not in a format this app can decrypt.`;
      default:
        return t`The encrypted data was changed or damaged, so it cannot be trusted.`;
    }
  };
}
