/**
 * `clip edit </path>`: downloads a text file to a temporary file, opens $VISUAL/$EDITOR on it, and saves
 * it back, unless the file changed on the server meanwhile (its ETag or modified time moved): then the
 * edit is kept locally and the command says where.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../../errors.ts';
import type { GlobalOptions } from '../../globalOptions.ts';
import { note, printJson } from '../../output.ts';
import { withSession } from '../../services/session.ts';
import { baseName, isNotFound, normalizeVirtual, onPath } from '../../services/virtualPath.ts';

const authenticated = { requireAuth: true };

/** Runs the user's editor on a file and waits for it (shell words allowed: `code --wait`). */
export function runEditor(file: string): void {
  const editor = process.env.VISUAL || process.env.EDITOR || 'vi';
  const result = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit' });
  if (result.status !== 0) throw new CliError(`${editor} exited with ${result.status ?? result.signal}`);
}

export async function edit(raw: string, options: GlobalOptions): Promise<void> {
  const path = normalizeVirtual(raw);
  await withSession(options, authenticated, ({ client }) =>
    onPath(path, async () => {
      const before = await client.fs.get(path).catch((err) => (isNotFound(err) ? null : Promise.reject(err)));
      if (before?.type === 'folder') throw new CliError(`${path}: is a folder`);
      let original = '';
      if (before) {
        const res = await client.fs.openDownload(path);
        original = await res.text();
      }
      const dir = await mkdtemp(join(tmpdir(), 'clip-edit-'));
      const file = join(dir, baseName(path) || 'file');
      await writeFile(file, original);
      runEditor(file);
      const edited = await readFile(file, 'utf8');
      if (edited === original) {
        await rm(dir, { recursive: true, force: true });
        return note(`${path}: no changes`);
      }
      const now = await client.fs.get(path).catch((err) => (isNotFound(err) ? null : Promise.reject(err)));
      const changed =
        (before === null) !== (now === null) ||
        (before &&
          now &&
          (before.etag !== now.etag || before.modified !== now.modified || before.size !== now.size));
      if (changed)
        throw new CliError(`${path}: changed on the server while you edited; your version is in ${file}`);
      const saved = await client.fs.update(path, edited);
      await rm(dir, { recursive: true, force: true });
      if (options.json) return printJson(saved);
      note(`${path}: saved`);
    }),
  );
}
