/** Language choice (spec section 1): the saved preference, else the browser (zh* -> zh, else en). */
export const LANGUAGES = [
  { code: 'zh', label: '中文' },
  { code: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

export function browserLanguage(languages: readonly string[] | undefined): Language {
  const first = languages?.[0] ?? '';
  return first.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function pickLanguage(saved: string | null, languages: readonly string[] | undefined): Language {
  return isLanguage(saved) ? saved : browserLanguage(languages);
}
