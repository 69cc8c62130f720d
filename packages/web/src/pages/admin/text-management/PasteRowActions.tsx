import type { PasteRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { CopyButton } from '../shared/CopyButton.tsx';

export function PasteRowActions(props: {
  paste: PasteRecord;
  onView(): void;
  onEdit(): void;
  onQr(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const { paste } = props;
  return (
    <>
      <button
        type="button"
        className="button small"
        onClick={props.onView}
        aria-label={t`View ${paste.slug}`}
      >
        {t`View`}
      </button>
      <button
        type="button"
        className="button small"
        onClick={props.onEdit}
        aria-label={t`Edit ${paste.slug}`}
      >
        {t`Edit`}
      </button>
      <CopyButton text={paste.url} />
      <button
        type="button"
        className="button small"
        onClick={props.onQr}
        aria-label={t`QR code for ${paste.slug}`}
      >
        {t`QR`}
      </button>
      <button
        type="button"
        className="button small danger"
        onClick={props.onDelete}
        aria-label={t`Delete ${paste.slug}`}
      >
        {t`Delete`}
      </button>
    </>
  );
}
