/** An encrypted text share opened with the key in the page's fragment: title, format and text. */
import { decryptPaste, type E2eErrorCode, type OpenedPaste, type PasteView } from '@clip/sdk';
import { useEffect, useState } from 'react';
import { e2eCodeOf, keyInFragment } from './linkKey.ts';

export type DecryptedPasteState =
  | { kind: 'decrypting' }
  | { kind: 'ready'; paste: OpenedPaste }
  | { kind: 'failed'; code: E2eErrorCode };

export function useDecryptedPaste(paste: PasteView | null, hash: string): DecryptedPasteState | null {
  const [state, setState] = useState<DecryptedPasteState>({ kind: 'decrypting' });
  const sealed = paste?.encrypted ? paste.content : null;
  useEffect(() => {
    if (sealed === null) return;
    let live = true;
    const linkKey = keyInFragment(hash);
    if (!('key' in linkKey)) {
      setState({ kind: 'failed', code: linkKey.problem });
      return;
    }
    setState({ kind: 'decrypting' });
    decryptPaste({ content: sealed }, linkKey.key).then(
      (opened) => live && setState({ kind: 'ready', paste: opened }),
      (err) => live && setState({ kind: 'failed', code: e2eCodeOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [sealed, hash]);
  return sealed === null ? null : state;
}
