import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { SOURCE_URL } from '../app/links.ts';
import { pathFor } from '../app/navigation.ts';
import { Icon } from '../components/Icon.tsx';
import { AccountChip } from './AccountChip.tsx';
import { EnvSwitcher } from './EnvSwitcher.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { OfflineBadge } from './OfflineBadge.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Header() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = [
    { to: pathFor('home'), label: t`Home`, end: true },
    { to: pathFor('upload'), label: t`Upload`, end: false },
    { to: pathFor('mount-explorer'), label: t`Mount explorer`, end: false },
    { to: pathFor('admin'), label: t`Admin`, end: false },
  ];
  const navLinks = (onPick?: () => void) =>
    links.map((l) => (
      <NavLink key={l.to} to={l.to} end={l.end} className="nav-link" onClick={onPick}>
        {l.label}
      </NavLink>
    ));
  return (
    <header className="site-header">
      <div className="header-row">
        <NavLink to="/" className="brand" aria-label={t`clip home`}>
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          <span>clip</span>
        </NavLink>
        <nav className="main-nav" aria-label={t`Main`}>
          {navLinks()}
        </nav>
        <div className="header-tools">
          <OfflineBadge />
          <AccountChip />
          <a
            className="icon-button"
            href={SOURCE_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t`Source code (opens in a new tab)`}
            title={t`Source code`}
          >
            <Icon name="code" />
          </a>
          <LanguageSelect />
          <ThemeToggle />
          <button
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t`Close menu` : t`Open menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t`Mobile`}>
          {navLinks(() => setMenuOpen(false))}
          <AccountChip />
        </nav>
      )}
      <EnvSwitcher />
    </header>
  );
}
