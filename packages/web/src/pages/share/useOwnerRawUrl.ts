import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';

/**
 * The raw link of a text share for its owner (the signed-in admin, or the key that made it): a browser
 * following a link sends no credentials, so the owner's read (which counts no view) hands out an owner
 * token first, and the link carries it. Null until the token is there, or when the read is refused.
 */
export function useOwnerRawUrl(slug: string): string | null {
  const { client } = useServices();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    client.pastes.get(slug).then(
      (read) => {
        if (live && 'token' in read && read.token) setUrl(client.pastes.rawUrl(slug, { token: read.token }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, slug]);
  return url;
}
