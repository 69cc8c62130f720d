import { useLingui } from '@lingui/react/macro';
import { useServices } from '../app/services.ts';
import { copyText } from '../lib/clipboard.ts';

/** Copies text and tells the person in a toast whether it worked (`done` names what was copied). */
export function useCopyToast() {
  const { t } = useLingui();
  const { toasts } = useServices();
  return async (text: string, done: string) => {
    try {
      await copyText(text);
      toasts.show(done, { kind: 'success' });
    } catch {
      toasts.show(t`Could not copy`, { kind: 'error' });
    }
  };
}
