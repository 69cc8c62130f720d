/**
 * Toasts for the outcome of an admin action. Failures read "<what failed>: <why>", so each feature's
 * load, create, update and delete failure has its own localised message (spec section 8).
 */
import { useServices } from '../../../app/services.ts';
import { errorMessage } from '../../../i18n/errorMessage.ts';
import { copyText as copyToClipboard } from '../../../lib/clipboard.ts';

export function failureText(what: string, err: unknown): string {
  return `${what}: ${errorMessage(err)}`;
}

export function useFeedback() {
  const { toasts } = useServices();
  return {
    ok: (text: string) => toasts.show(text, { kind: 'success' }),
    fail: (what: string, err: unknown) =>
      toasts.show(failureText(what, err), { kind: 'error', durationMs: 5000 }),
  };
}

/** Copies text to the clipboard (lib/clipboard.ts does the fallbacks); answers whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  return copyToClipboard(text).then(
    () => true,
    () => false,
  );
}
