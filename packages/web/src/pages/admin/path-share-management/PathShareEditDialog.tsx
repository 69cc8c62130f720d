/** Edits a path share's settings: link suffix, remark, password, expiry and max views. */
import type { PathShareRecord } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../../app/services.ts';
import { ShareEditDialog } from '../shared/ShareEditDialog.tsx';

export function PathShareEditDialog({
  share,
  onClose,
  onSaved,
}: {
  share: PathShareRecord;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const path = share.path;
  return (
    <ShareEditDialog
      record={{ ...share, has_password: share.requires_password }}
      title={t`Edit the link to ${path}`}
      name="path-share-edit"
      own={{ valid: true, changes: {} }}
      // The shared form speaks hours (0 = never); path shares take seconds (-1 = never).
      update={({ expires_in, ...rest }) =>
        client.pathShares.update(share.id, {
          ...rest,
          ...(expires_in === undefined
            ? {}
            : { expires_in: expires_in === 0 ? -1 : Math.round(expires_in * 3600) }),
        })
      }
      updated={t`Path share updated`}
      failure={t`Could not update the path share`}
      onClose={onClose}
      onSaved={onSaved}
    >
      {() => <p className="muted mono">{path}</p>}
    </ShareEditDialog>
  );
}
