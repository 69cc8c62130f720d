import { i18n } from '@lingui/core';
import type { Language } from './language.ts';

let markActive: () => void = () => undefined;
/** Settles once the first catalog is active: code that runs before the app renders waits on it. */
export const catalogActive = new Promise<void>((resolve) => {
  markActive = resolve;
});

/** Loads and activates a compiled catalog; the other language stays out of the bundle until asked for. */
export async function activateLanguage(language: Language): Promise<void> {
  const [{ messages }, admin] = await Promise.all(
    language === 'zh'
      ? [import('../locales/zh/messages.po'), import('../pages/admin/locales/zh/messages.po')]
      : [import('../locales/en/messages.po'), import('../pages/admin/locales/en/messages.po')],
  );
  i18n.loadAndActivate({ locale: language, messages: { ...messages, ...admin.messages } });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  markActive();
}
