import type { PasteListItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { CopyButton } from '../shared/CopyButton.tsx';
import { IconButton } from '../shared/IconButton.tsx';

export function PasteRowActions(props: {
  paste: PasteListItem;
  onView(): void;
  onEdit(): void;
  onQr(): void;
  onActivity(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const { slug, url } = props.paste;
  return (
    <>
      <IconButton icon="eye" label={t`View ${slug}`} onClick={props.onView} />
      <IconButton icon="edit" label={t`Edit ${slug}`} onClick={props.onEdit} />
      <CopyButton text={url} label={t`Copy link of ${slug}`} compact />
      <IconButton icon="qr" label={t`QR code for ${slug}`} onClick={props.onQr} />
      <IconButton icon="activity" label={t`Activity of ${slug}`} onClick={props.onActivity} />
      <IconButton icon="trash" label={t`Delete ${slug}`} danger onClick={props.onDelete} />
    </>
  );
}
