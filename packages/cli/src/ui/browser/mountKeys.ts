/** The Mounts view's keys (see keys.ts for the list the help screen shows). */
import type { BrowserActions, KeyHandler } from './actions.ts';
import { formatSize, isTextual, joinPath, parentOf } from './format.ts';

const ask = (a: BrowserActions, label: string, value: string, run: (value: string) => Promise<string>) =>
  a.setMode({ kind: 'prompt', label, value, run });

/** c and m: a folder picker starting at the current folder; the pick runs the copy or move. */
function pickTarget(a: BrowserActions, verb: 'copy' | 'move'): void {
  const paths = a.targets();
  if (paths.length === 0) return;
  a.setMode({
    kind: 'pick',
    title: `${verb} ${paths.length === 1 ? paths[0] : `${paths.length} items`} to`,
    start: a.path,
    run: (folder) =>
      verb === 'copy'
        ? a.backend.copy(paths, folder, a.setStatus)
        : a.backend.move(paths, folder, a.setStatus),
  });
}

function preview(a: BrowserActions): void {
  const current = a.current;
  if (!current) return;
  if (current.type === 'folder') {
    a.setStatus(`${current.path}: a folder (Enter opens it)`);
    return;
  }
  const meta = `${current.path}\n${current.mimetype ?? current.type}  ${formatSize(current.size)}  ${current.modified ?? ''}`;
  if (!isTextual(current.mimetype) && current.type !== 'code' && current.type !== 'document') {
    a.setMode({ kind: 'preview', title: current.name, text: meta });
    return;
  }
  void a.backend
    .previewText(current.path, 64 * 1024)
    .then((text) => a.setMode({ kind: 'preview', title: current.name, text }))
    .catch(a.fail);
}

export const mountKey: KeyHandler = (a, input, key) => {
  const { current, path, backend } = a;
  const open = () => {
    if (current?.type === 'folder') a.goTo(current.path);
  };
  if (key.return || key.rightArrow) return open();
  if (input === 'l') {
    if (current?.type === 'folder') return open();
    if (current)
      void a.perform(async () => {
        const url = await backend.link(current.path);
        a.setClipboard(url);
        return `link copied: ${url}`;
      });
    return;
  }
  if (key.backspace || key.delete || key.leftArrow || input === 'h') {
    if (path !== '/') a.goTo(parentOf(path));
    return;
  }
  if (input === ' ' && current) {
    const next = new Set(a.selected);
    if (next.has(current.path)) next.delete(current.path);
    else next.add(current.path);
    a.setSelected(next);
    a.setCursor((c) => Math.min(c + 1, a.count - 1));
    return;
  }
  if (input === '/') return a.setMode({ kind: 'filter' });
  if (input === 'R') return a.reload(false);
  if (input === 'n')
    return ask(a, 'new folder name', '', async (name) => {
      await backend.mkdir(joinPath(path, name));
      return `created ${joinPath(path, name)}`;
    });
  if (input === 'u')
    return ask(a, `upload into ${path}: local file`, '', async (local) => {
      await backend.upload(local, path, a.setStatus);
      return `uploaded ${local}`;
    });
  if (!current) return;
  if (input === 'p') return preview(a);
  if (input === 'd')
    return ask(a, `download ${current.name} to`, joinPath(a.cwd, current.name), (dest) =>
      backend.download(current.path, dest, a.setStatus).then((saved) => `saved ${saved}`),
    );
  if (input === 'c') return pickTarget(a, 'copy');
  if (input === 'm') return pickTarget(a, 'move');
  if (input === 'r')
    return ask(a, `rename ${current.name} to`, current.name, async (name) => {
      await backend.rename(current.path, joinPath(path, name));
      return `renamed to ${name}`;
    });
  if (input === 'x') {
    const paths = a.targets();
    return a.setMode({
      kind: 'confirm',
      question: `delete ${paths.length === 1 ? paths[0] : `${paths.length} items`}? (y/n)`,
      run: () => backend.remove(paths),
    });
  }
};
