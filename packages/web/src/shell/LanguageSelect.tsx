import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';
import { isLanguage, LANGUAGES } from '../i18n/language.ts';

export function LanguageSelect() {
  useSignals();
  const { t } = useLingui();
  const { language } = useServices();
  return (
    <label className="language-select">
      <span className="visually-hidden">{t`Language`}</span>
      <select
        value={language.language.value}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void language.set(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
