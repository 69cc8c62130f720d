import { useLingui } from '@lingui/react/macro';
import { useCopyToast } from '../shell/useCopyToast.ts';

/** Copies the link of one row in a recent-shares or recent-uploads list; the row's name tells the buttons apart. */
export function RowCopyLinkButton({ url, name }: { url: string; name: string }) {
  const { t } = useLingui();
  const copy = useCopyToast();
  return (
    <button
      type="button"
      className="button small"
      onClick={() => copy(url, t`Link copied`)}
      aria-label={t`Copy link of ${name}`}
    >
      {t`Copy link`}
    </button>
  );
}
