import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from '../../../components/Icon.tsx';

/** A compact row action: an icon with its name as label and tooltip. */
export function IconButton({
  icon,
  label,
  danger,
  ...rest
}: { icon: IconName; label: string; danger?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`icon-button small${danger ? ' danger' : ''}`}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} size={16} />
    </button>
  );
}
