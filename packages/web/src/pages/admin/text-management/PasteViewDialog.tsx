/** A text share as the admin sees it: content, settings and its links. */
import type { PasteRecord } from '@clip/sdk';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MarkdownView } from '../../../components/MarkdownView.tsx';
import { useOwnerRawUrl } from '../../share/useOwnerRawUrl.ts';
import { CopyButton } from '../shared/CopyButton.tsx';
import { Dialog } from '../shared/Dialog.tsx';
import { formatDateTime } from '../shared/format.ts';
import { ShareBadges } from '../shared/status.tsx';

export function PasteViewDialog({
  paste,
  onClose,
  onEdit,
}: {
  paste: PasteRecord;
  onClose(): void;
  onEdit(): void;
}) {
  const { t, i18n } = useLingui();
  // The admin's own reads count no view: the raw link carries an owner token (for protected shares too).
  const rawUrl = useOwnerRawUrl(paste.slug);
  return (
    <Dialog
      title={paste.title || paste.slug}
      name="paste-view"
      wide
      onClose={onClose}
      footer={
        <>
          <a className="button small" href={paste.url} target="_blank" rel="noreferrer">
            {t`Open share page`}
          </a>
          {rawUrl && (
            <a className="button small" href={rawUrl} target="_blank" rel="noreferrer">
              {t`Raw text`}
            </a>
          )}
          <CopyButton text={paste.url} />
          <button type="button" className="button primary" onClick={onEdit}>
            {t`Edit`}
          </button>
        </>
      }
    >
      <p className="actions">
        <ShareBadges share={paste} />
        <span className="badge">{paste.format === 'markdown' ? 'Markdown' : t`Plain text`}</span>
        <span className="muted">
          {t`Created ${formatDateTime(paste.created_at, i18n.locale)}`} ·{' '}
          {plural(paste.views, { one: '# view', other: '# views' })}
        </span>
      </p>
      {paste.remark && <p className="muted">{paste.remark}</p>}
      {paste.format === 'markdown' ? (
        <div data-testid="paste-content">
          <MarkdownView source={paste.content} />
        </div>
      ) : (
        <pre className="preview-text" data-testid="paste-content">
          {paste.content}
        </pre>
      )}
    </Dialog>
  );
}
