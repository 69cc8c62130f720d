import { useLingui } from '@lingui/react/macro';

/** Says a share is end-to-end encrypted: opened in this browser with the key from the link. */
export function EncryptedBadge() {
  const { t } = useLingui();
  return (
    <p className="muted share-remark" data-testid="encrypted-badge">
      <span className="e2e-badge">{t`End-to-end encrypted`}</span>{' '}
      {t`Only the key in the link opens it, in this browser; the server cannot read it.`}
    </p>
  );
}
