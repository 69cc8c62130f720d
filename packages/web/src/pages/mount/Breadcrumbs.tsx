/** Where the explorer is: the root (all mounts), then one link per folder, the last one current. */
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { pathFor } from '../../app/navigation.ts';
import { crumbs } from './explorerModel.ts';

export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumbs`} className="breadcrumbs">
      <ol>
        {crumbs(path).map((c, i, all) => {
          const name = c.path === '/' ? t`All mounts` : c.name;
          return (
            <li key={c.path}>
              {i === all.length - 1 ? (
                <span aria-current="page">{name}</span>
              ) : (
                <Link to={pathFor('mount-explorer', { path: c.path })}>{name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
