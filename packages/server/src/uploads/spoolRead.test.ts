// A spool file's read stream: a write that gave up before reading leaves no unheard failure behind (it
// would end the process), and a failure while reading still reaches the reader.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withSpoolRead } from './spool.ts';

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

test('a write refused before reading: the spool file gone, the late open failure is heard', async () => {
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);
  process.on('uncaughtException', record);
  try {
    let opened: Readable | null = null;
    const refusal = await withSpoolRead(join(tmpdir(), 'clip-no-such-spool-file'), async (body) => {
      opened = body;
      throw new Error('refused before reading');
    }).catch((err: Error) => err.message);
    assert.is(refusal, 'refused before reading');
    const body = opened as unknown as Readable;
    // Not events.once: it would reject on the very 'error' this is about.
    if (!body.closed) await new Promise((resolve) => body.once('close', resolve));
    assert.ok(body.destroyed);
    assert.equal(uncaught, []);
  } finally {
    process.off('uncaughtException', record);
  }
});

test('a read failure reaches the reader; a whole file is read', async () => {
  const failed = await withSpoolRead(join(tmpdir(), 'clip-no-such-spool-file'), (body) =>
    pipeline(body, sink()),
  ).catch((err: NodeJS.ErrnoException) => err.code);
  assert.is(failed, 'ENOENT');
  const dir = await mkdtemp(join(tmpdir(), 'clip-spool-read-'));
  try {
    await writeFile(join(dir, 'part'), 'spooled bytes');
    const chunks: Buffer[] = [];
    await withSpoolRead(join(dir, 'part'), async (body) => {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    });
    assert.is(Buffer.concat(chunks).toString(), 'spooled bytes');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
