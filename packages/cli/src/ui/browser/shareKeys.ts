/** The Text shares and File shares views' keys. */
import type { KeyHandler } from './actions.ts';

export const shareKey: KeyHandler = (a, input, key) => {
  const kind = a.view === 'text' ? 'text' : 'file';
  const { share, backend } = a;
  if (input === 'R') return a.reload();
  if (input === 'n' && a.view === 'text')
    return void a.perform(async () => {
      const content = await a.editText();
      if (!content.trim()) return 'empty: nothing shared';
      const url = await backend.createTextShare(content);
      a.setClipboard(url);
      return `created ${url} (link copied)`;
    });
  if (!share) return;
  if (key.return || input === 'p')
    return void backend
      .shareContent(kind, share)
      .then((text) => a.setMode({ kind: 'preview', title: share.title, text }))
      .catch(a.fail);
  if (input === 'l') {
    a.setClipboard(share.url);
    return a.setStatus(`link copied: ${share.url}`);
  }
  if (input === 'x')
    return a.setMode({
      kind: 'confirm',
      question: `delete ${kind} share ${share.slug}? (y/n)`,
      run: async () => {
        await backend.removeShare(kind, share.id);
        return `deleted ${share.slug}`;
      },
    });
};
