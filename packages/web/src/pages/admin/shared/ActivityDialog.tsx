/**
 * A share's access log in a dialog, for any share kind's management screen:
 * `<ActivityDialog kind="request" shareId={id} name={slug} onClose={...} />`.
 */
import type { AccessShareKind } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { ShareActivity } from '../../../components/activity/ShareActivity.tsx';
import { Dialog } from './Dialog.tsx';

export function ActivityDialog({
  kind,
  shareId,
  name,
  onClose,
}: {
  kind: AccessShareKind;
  shareId: string;
  /** What the share is called in its list (slug or file name), for the title. */
  name: string;
  onClose(): void;
}) {
  const { t } = useLingui();
  return (
    <Dialog title={t`Activity: ${name}`} name="share-activity" wide onClose={onClose}>
      <ShareActivity kind={kind} shareId={shareId} titled={false} />
    </Dialog>
  );
}
