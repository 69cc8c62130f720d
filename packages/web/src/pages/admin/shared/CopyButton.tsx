import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { copyText, useFeedback } from './feedback.ts';

/** Copies `text` and says so in a toast; `compact` shows only the icon (row actions). */
export function CopyButton({
  text,
  label,
  done,
  compact,
}: {
  text: string;
  label?: string;
  done?: string;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const feedback = useFeedback();
  const name = label ?? t`Copy link`;
  return (
    <button
      type="button"
      className={compact ? 'icon-button small' : 'button small'}
      title={name}
      aria-label={compact ? name : undefined}
      onClick={async () => {
        if (await copyText(text)) feedback.ok(done ?? t`Link copied`);
        else feedback.fail(t`Could not copy`, new Error(text));
      }}
    >
      <Icon name="copy" size={compact ? 16 : 14} />
      {!compact && <span>{name}</span>}
    </button>
  );
}
