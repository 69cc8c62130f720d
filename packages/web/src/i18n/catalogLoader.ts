import { i18n } from '@lingui/core';
import type { Language } from './language.ts';

/** Loads and activates a compiled catalog; the other language stays out of the bundle until asked for. */
export async function activateLanguage(language: Language): Promise<void> {
  const { messages } =
    language === 'zh' ? await import('../locales/zh/messages.po') : await import('../locales/en/messages.po');
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}
