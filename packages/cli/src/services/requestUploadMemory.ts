/**
 * Where `clip upload --to` keeps its upload sessions between runs (`request-uploads.json` beside the
 * config, 0600: an upload token lets anyone finish that upload): a run cut short resumes with the parts
 * the server holds. Entries go once their upload completes.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RememberedRequestUpload, RequestUploadMemory } from '@clip/sdk';
import { configDir } from './config.ts';

type Entries = Record<string, RememberedRequestUpload>;

export function requestUploadMemory(env: NodeJS.ProcessEnv = process.env): RequestUploadMemory {
  const dir = configDir(env);
  const path = join(dir, 'request-uploads.json');
  // One writer at a time within this process (the uploads of one run go one after another anyway).
  let chain: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<Entries> => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Entries;
    } catch {
      return {};
    }
  };
  const change = (edit: (entries: Entries) => void) => {
    const next = chain.then(async () => {
      const entries = await read();
      edit(entries);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(entries), { mode: 0o600 });
      await chmod(temp, 0o600);
      await rename(temp, path);
    });
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    get: async (key) => (await read())[key],
    set: (key, value) =>
      change((entries) => {
        entries[key] = value;
      }),
    delete: (key) =>
      change((entries) => {
        delete entries[key];
      }),
  };
}
