/** For the admin: a function naming who created a record ("Admin", or the API key's name). */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../../app/services.ts';

export function useCreatorNames(): (createdBy: string) => string {
  const { t } = useLingui();
  const { client, auth } = useServices();
  const [names, setNames] = useState<Map<string, string> | null>(null);
  const isAdmin = auth.isAdmin.value;
  useEffect(() => {
    if (!isAdmin) return;
    let live = true;
    client.apiKeys
      .list()
      .then(({ items }) => live && setNames(new Map(items.map((k) => [k.id, k.name]))))
      // Names are a nicety: without them the raw creator id is shown.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, isAdmin]);
  return (createdBy) => {
    if (!createdBy.startsWith('apikey:')) return t({ message: 'Admin', context: 'who created a share' });
    const id = createdBy.slice('apikey:'.length);
    if (!names) return t`API key`;
    const name = names.get(id);
    return name ? t`Key: ${name}` : t`Deleted key`;
  };
}
