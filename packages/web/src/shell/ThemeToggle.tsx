import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';
import { Icon } from '../components/Icon.tsx';
import { nextThemeMode, type ThemeMode } from '../stores/theme.ts';

export function ThemeToggle() {
  useSignals();
  const { t } = useLingui();
  const { theme } = useServices();
  const names: Record<ThemeMode, string> = { auto: t`Auto`, light: t`Light`, dark: t`Dark` };
  const mode = theme.mode.value;
  const current = names[mode];
  const next = names[nextThemeMode(mode)];
  const label = t`Theme: ${current} (switch to ${next})`;
  return (
    <button
      type="button"
      className="icon-button"
      onClick={() => theme.cycle()}
      aria-label={label}
      title={label}
      data-theme-mode={mode}
    >
      <Icon name={mode === 'auto' ? 'auto' : mode === 'light' ? 'sun' : 'moon'} />
    </button>
  );
}
