/** Starts the browser on the terminal (alternate screen, restored on exit) and resolves when it quits. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink';
import { createElement as h } from 'react';
import { runEditor } from '../../commands/fs/edit.ts';
import { App } from './App.ts';
import type { BrowserBackend } from './backend.ts';

/** OSC 52: terminals (and tmux with set-clipboard) put this text on the system clipboard. */
function osc52(text: string): void {
  process.stdout.write(`\u001b]52;c;${Buffer.from(text).toString('base64')}\u0007`);
}

export async function renderBrowser(backend: BrowserBackend): Promise<void> {
  let suspend: ((work: () => Promise<void>) => Promise<void>) | null = null;
  const editText = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'clip-share-'));
    const file = join(dir, 'share.txt');
    await writeFile(file, '');
    try {
      const run = async () => runEditor(file);
      if (suspend) await suspend(run);
      else await run();
      return await readFile(file, 'utf8');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const app = render(
    h(SuspendBridge, {
      onReady: (s: typeof suspend) => {
        suspend = s;
      },
      child: h(App, { backend, editText, setClipboard: osc52, cwd: process.cwd() }),
    }),
    // Interactive even where a CI variable is set (some cloud terminals set one): `clip browse` only ever
    // starts on a terminal, and Ink would otherwise draw nothing until it exits.
    { alternateScreen: true, exitOnCtrlC: true, patchConsole: false, interactive: true },
  );
  await app.waitUntilExit();
}

import { useApp } from 'ink';
import { type ReactElement, useEffect } from 'react';

/** Hands Ink's suspendTerminal to code outside React (the $EDITOR runner). */
function SuspendBridge({
  onReady,
  child,
}: {
  onReady: (s: (work: () => Promise<void>) => Promise<void>) => void;
  child: ReactElement;
}): ReactElement {
  const app = useApp() as unknown as { suspendTerminal: (cb: () => Promise<void>) => Promise<void> };
  useEffect(() => onReady((work) => app.suspendTerminal(work)), [app, onReady]);
  return child;
}
