/**
 * The connection test of a storage config: list the root, write a small probe object, read it back and
 * delete it, timing each step. A failing step is reported (never thrown); the steps after it are skipped,
 * except that a probe that was written is always deleted again.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StorageTestResult, StorageTestStep, StorageTestStepName } from '@clip/sdk';
import type { StorageDriver } from '../storage/driver.ts';
import { describeS3Error } from '../storage/s3/s3Errors.ts';
import { SERVER_ROOT } from '../storage/serverObjects.ts';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function describe(err: unknown): string {
  if ((err as { $metadata?: unknown })?.$metadata) return describeS3Error(err);
  const e = err as NodeJS.ErrnoException;
  return e?.message || String(err);
}

export async function probeStorage(driver: StorageDriver): Promise<StorageTestResult> {
  const steps: StorageTestStep[] = [];
  // In the server's reserved folder: a mount over the storage never shows it, even mid-test (ADR 0040).
  const probePath = `${SERVER_ROOT}/probe-${randomUUID()}.txt`;
  const payload = Buffer.from(`clip storage probe ${new Date().toISOString()}\n`);
  let failed = false;

  async function step(
    name: StorageTestStepName,
    run: () => Promise<string>,
    always = false,
  ): Promise<boolean> {
    if (failed && !always) {
      steps.push({ name, ok: false, ms: 0, message: 'skipped: an earlier step failed' });
      return false;
    }
    const started = performance.now();
    try {
      const message = await run();
      steps.push({ name, ok: true, ms: Math.round(performance.now() - started), message });
      return true;
    } catch (err) {
      failed = true;
      steps.push({ name, ok: false, ms: Math.round(performance.now() - started), message: describe(err) });
      return false;
    }
  }

  await step('list', async () => {
    const page = await driver.list('', { limit: 10 });
    const n = page.entries.length;
    return `listed ${n}${page.cursor ? '+' : ''} ${n === 1 && !page.cursor ? 'entry' : 'entries'} at the root`;
  });
  const written = await step('write', async () => {
    const result = await driver.write(probePath, Readable.from([payload]), {
      size: payload.length,
      contentType: 'text/plain',
    });
    return `wrote ${result.size} bytes to ${probePath}`;
  });
  await step('read', async () => {
    const read = await collect((await driver.read(probePath)).stream);
    if (!read.equals(payload))
      throw new Error(`read back ${read.length} bytes that differ from the ${payload.length} written`);
    return `read back ${read.length} identical bytes`;
  });
  await step(
    'delete',
    async () => {
      await driver.remove(probePath);
      if (await driver.stat(probePath)) throw new Error('the probe object is still there after deleting it');
      return 'deleted the probe object';
    },
    written,
  );
  return { ok: steps.every((s) => s.ok), steps };
}
