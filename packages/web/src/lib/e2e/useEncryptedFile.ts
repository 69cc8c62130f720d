/**
 * An encrypted file share opened with the key in the page's fragment: its first bytes are read (a
 * Range request) to check the key and learn the real name, type and size before any download.
 */
import {
  bytesOf,
  decryptStream,
  type E2eErrorCode,
  type PublicFileView,
  STREAM_START_BYTES,
} from '@clip/sdk';
import { useEffect, useState } from 'react';
import { e2eCodeOf, keyInFragment } from './linkKey.ts';

export type EncryptedFileState =
  | { kind: 'checking' }
  | { kind: 'ready'; key: Uint8Array; name: string; type: string; size: number | null }
  | { kind: 'failed'; code: E2eErrorCode | 'http' };

export function useEncryptedFile(file: PublicFileView | null, hash: string): EncryptedFileState | null {
  const [state, setState] = useState<EncryptedFileState>({ kind: 'checking' });
  const url = file?.encrypted ? file.download_url : null;
  const size = file?.size ?? 0;
  useEffect(() => {
    if (!url) return;
    let live = true;
    const linkKey = keyInFragment(hash);
    if (!('key' in linkKey)) {
      setState({ kind: 'failed', code: linkKey.problem });
      return;
    }
    setState({ kind: 'checking' });
    (async () => {
      const res = await fetch(url, { headers: { Range: `bytes=0-${STREAM_START_BYTES - 1}` } });
      if (!res.ok || !res.body) return { kind: 'failed', code: 'http' } as const;
      const opened = await decryptStream(linkKey.key, bytesOf(res.body));
      await opened.data.return(undefined);
      return {
        kind: 'ready',
        key: linkKey.key,
        name: opened.meta.name || 'download',
        type: opened.meta.type,
        size: opened.plaintextSize(size),
      } as const;
    })().then(
      (next) => live && setState(next),
      (err) => live && setState({ kind: 'failed', code: e2eCodeOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [url, hash, size]);
  return url ? state : null;
}
