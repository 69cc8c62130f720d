/** Helpers shared by the file share tests: raw HTTP calls, stored-object checks, rejections. */
import type { PublicFileView } from '@clip/sdk';
import * as assert from 'uvu/assert';
import type { StorageDriver } from '../../../storage/driver.ts';
import type { TestServer } from '../../../testing/testServer.ts';

export { rejects } from '../../../testing/rejects.ts';

export function asView(v: unknown): PublicFileView {
  assert.ok((v as PublicFileView).download_url, 'expected links, got a locked share');
  return v as PublicFileView;
}

export async function driverOf(server: TestServer, configId: string): Promise<StorageDriver> {
  return server.app.services.files.deps.storage.driver(configId);
}

/** Every object below `dir` of a driver (recursive listing). */
export async function allObjects(driver: StorageDriver, dir = ''): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list(dir, { cursor });
    for (const e of page.entries) {
      if (e.isDirectory) out.push(...(await allObjects(driver, e.path)));
      else out.push(e.path);
    }
    cursor = page.cursor;
  } while (cursor);
  return out;
}

export async function objectExists(server: TestServer, configId: string, path: string): Promise<boolean> {
  return (await (await driverOf(server, configId)).stat(path)) !== null;
}

export async function fileRows(
  server: TestServer,
): Promise<{ id: string; status: string; storage_path: string }[]> {
  return server.app.services.db.knex('file_shares').select('id', 'status', 'storage_path');
}

/** A multipart/form-data body streamed in chunks with no Content-Length (Transfer-Encoding: chunked). */
export function chunkedForm(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: number },
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----cliptest${Math.random().toString(16).slice(2)}`;
  const enc = new TextEncoder();
  let head = '';
  for (const [k, v] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  let sent = 0;
  let stage = 0;
  const chunk = new Uint8Array(64 * 1024).fill(97);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        stage = 1;
        controller.enqueue(enc.encode(head));
      } else if (sent < file.bytes) {
        const n = Math.min(chunk.length, file.bytes - sent);
        sent += n;
        controller.enqueue(chunk.subarray(0, n));
      } else {
        controller.enqueue(enc.encode(tail));
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A raw `/api` answer's envelope. */
export interface RawEnvelope {
  code: number;
  message: string;
  error?: string;
  data: { id: string; size: number; max_views: number };
}
export const envelopeOf = async (res: Response): Promise<RawEnvelope> => (await res.json()) as RawEnvelope;
