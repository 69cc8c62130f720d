/**
 * Toasts for the outcome of an admin action. Failures read "<what failed>: <why>", so each feature's
 * load, create, update and delete failure has its own localised message (spec section 8).
 */
import { useServices } from '../../../app/services.ts';
import { errorMessage } from '../../../i18n/errorMessage.ts';

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

/** Copies text to the clipboard; falls back to a hidden textarea where the async API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}
