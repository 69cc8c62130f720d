/**
 * `clip get <link#k=...>` of an encrypted file share: the ciphertext is streamed, verified and
 * decrypted chunk by chunk (memory stays a few chunks whatever the size), into a hidden temporary file
 * beside the target that is renamed only once the last chunk has verified; on any failure it is
 * deleted, so no unverified plaintext is ever left looking complete. To stdout the plaintext goes as it
 * verifies; a failure then still exits non-zero with its one line.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decryptStream, E2eError, type E2eMeta, ProgressReporter } from '@clip/sdk';
import { CliError } from '../errors.ts';
import { note } from '../output.ts';
import { openProgressDisplay } from './progressDisplay.ts';

export interface DecryptedDownload {
  url: string;
  key: Uint8Array;
  /** Ciphertext bytes, for progress. */
  size: number;
  /** `-` for stdout; otherwise where to save, from the decrypted name when the user named none. */
  target(meta: E2eMeta): Promise<string> | string;
}

async function* counted(body: AsyncIterable<Uint8Array>, onBytes: (n: number) => void) {
  for await (const bytes of body) {
    onBytes(bytes.length);
    yield bytes;
  }
}

/** Answers where the plaintext went (`-` for stdout). */
export async function saveDecrypted(job: DecryptedDownload): Promise<string> {
  const res = await fetch(job.url);
  if (!res.ok || !res.body) throw new CliError(`download answered HTTP ${res.status}`);
  const display = await openProgressDisplay(['encrypted share'], 'download');
  const reporter = new ProgressReporter((p) => display.update(0, p));
  reporter.phase('downloading', job.size);
  display.start(0);
  let temp: string | null = null;
  try {
    const opened = await decryptStream(
      job.key,
      counted(res.body as unknown as AsyncIterable<Uint8Array>, (n) => reporter.add(n)),
    );
    const target = await job.target(opened.meta);
    // Chunks as they verify: a file stream gathers those waiting into one writev by itself.
    const plaintext = () => Readable.from(opened.data);
    if (target === '-') {
      await pipeline(plaintext(), process.stdout);
    } else {
      temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.clip-partial`);
      await pipeline(plaintext(), createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      await rename(temp, target);
      temp = null;
    }
    reporter.stage('completed');
    display.finish(0, true);
    return target;
  } catch (err) {
    // The failure is said once, in the command's own line: no second "failed" line from the display.
    if (err instanceof E2eError) throw new CliError(err.message, { cause: err });
    throw err;
  } finally {
    if (temp) await rm(temp, { force: true });
    await display.close();
  }
}

/** A key that came with a share that is not encrypted is simply not needed. */
export function unusedKeyNote(): void {
  note('this share is not encrypted: the key in the link was not needed');
}
