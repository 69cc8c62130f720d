import { useLingui } from '@lingui/react/macro';
import { SOURCE_URL } from '../app/links.ts';

export function Footer() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <span>{t`© ${year} clip — online clipboard and file sharing`}</span>
      <a href={SOURCE_URL} target="_blank" rel="noopener noreferrer">
        {t`Source code`}
      </a>
    </footer>
  );
}
