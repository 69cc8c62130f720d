/** Where the visitor is inside the share: its root (named as the shared folder), then each folder below. */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { crumbs } from '../mount/explorerModel.ts';

export function ShareBreadcrumbs({ slug, rootName, path }: { slug: string; rootName: string; path: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumbs`} className="breadcrumbs">
      <ol>
        {crumbs(path).map((c, i, all) => {
          const name = c.path === '/' ? rootName : c.name;
          return (
            <li key={c.path}>
              {i === all.length - 1 ? (
                <span aria-current="page">{name}</span>
              ) : (
                <Link to={pathFor('path-share', { slug, path: c.path })}>{name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
