/**
 * The row actions every share table carries (text, file and path shares): a way to see the share,
 * then edit, copy link, QR code, activity and delete, each named after the share's row.
 */
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { CopyButton } from './CopyButton.tsx';
import { IconButton } from './IconButton.tsx';

export function ShareRowActions(props: {
  /** What the row is called in the labels: the slug, or a file's name. */
  name: string;
  url: string;
  /** Seeing the share: a dialog (`onView`) or its page in a new tab (`openLabel` names the link). */
  see: { onView(): void } | { openLabel: string };
  onEdit(): void;
  onQr(): void;
  onActivity(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const { name, url, see } = props;
  return (
    <>
      {'onView' in see ? (
        <IconButton icon="eye" label={t`View ${name}`} onClick={see.onView} />
      ) : (
        <a className="icon-button small" href={url} target="_blank" rel="noreferrer" title={see.openLabel}>
          <Icon name="external" size={16} />
          <span className="visually-hidden">{see.openLabel}</span>
        </a>
      )}
      <IconButton icon="edit" label={t`Edit ${name}`} onClick={props.onEdit} />
      <CopyButton text={url} label={t`Copy link of ${name}`} compact />
      <IconButton icon="qr" label={t`QR code for ${name}`} onClick={props.onQr} />
      <IconButton icon="activity" label={t`Activity of ${name}`} onClick={props.onActivity} />
      <IconButton icon="trash" label={t`Delete ${name}`} danger onClick={props.onDelete} />
    </>
  );
}
