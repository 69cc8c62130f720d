import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../components/Icon.tsx';
import { copyText, useFeedback } from './feedback.ts';

/** Copies `text` and says so in a toast. */
export function CopyButton({ text, label, done }: { text: string; label?: string; done?: string }) {
  const { t } = useLingui();
  const feedback = useFeedback();
  return (
    <button
      type="button"
      className="button small"
      title={label ?? t`Copy link`}
      onClick={async () => {
        if (await copyText(text)) feedback.ok(done ?? t`Link copied`);
        else feedback.fail(t`Could not copy`, new Error(text));
      }}
    >
      <Icon name="copy" size={14} />
      <span>{label ?? t`Copy link`}</span>
    </button>
  );
}
