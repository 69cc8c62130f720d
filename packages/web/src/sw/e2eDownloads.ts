/// <reference lib="webworker" />
/**
 * Encrypted file downloads, decrypted in the service worker as they stream (bounded memory whatever
 * the size): the page hands over the ciphertext URL and the key by message (never in a URL), then
 * navigates a hidden frame to `/__clip-e2e/<id>`; this answers it with the plaintext as an
 * attachment. Each chunk is verified before it is passed on; on a bad chunk the stream errors, so the
 * browser marks the download failed instead of complete, and the page is told why.
 */
import { bytesOf, decryptStream, E2eError, toReadableStream } from '@clip/sdk/e2e';

declare const self: ServiceWorkerGlobalScope;

export const E2E_DOWNLOAD_PREFIX = '/__clip-e2e/';

interface Job {
  url: string;
  key: Uint8Array;
  /** Plaintext bytes, when the page could tell (the browser then shows real progress). */
  size: number | null;
  clientId: string | null;
}

/** Jobs by id, each taken once: a job lives from the page's message to its frame's request. */
const jobs = new Map<string, Job>();

/** `E2E_DOWNLOAD` messages: answered on their port once the job is registered. */
export function takeE2eMessage(event: ExtendableMessageEvent): boolean {
  const data = event.data;
  if (data?.type !== 'E2E_DOWNLOAD') return false;
  const source = event.source as Client | null;
  jobs.set(String(data.id), {
    url: String(data.url),
    key: new Uint8Array(data.key),
    size: typeof data.size === 'number' ? data.size : null,
    clientId: source?.id ?? null,
  });
  event.ports[0]?.postMessage({ ok: true });
  return true;
}

async function tell(job: Job, id: string, outcome: { ok: true } | { ok: false; code: string }) {
  const client = job.clientId ? await self.clients.get(job.clientId) : null;
  client?.postMessage({ type: 'E2E_DOWNLOAD_RESULT', id, ...outcome });
}

const codeOf = (err: unknown) => (err instanceof E2eError ? err.code : 'corrupted');

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const safe = name.replace(/[\r\n"\\/]/g, '_') || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

async function* reporting(data: AsyncGenerator<Uint8Array>, job: Job, id: string) {
  try {
    yield* data;
    await tell(job, id, { ok: true });
  } catch (err) {
    await tell(job, id, { ok: false, code: codeOf(err) });
    throw err;
  }
}

export async function e2eDownload(url: URL): Promise<Response> {
  const id = url.pathname.slice(E2E_DOWNLOAD_PREFIX.length);
  const job = jobs.get(id);
  jobs.delete(id);
  const plain = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (!job)
    return new Response('This download has already started or has expired.', { status: 404, headers: plain });
  const res = await fetch(job.url);
  if (!res.ok || !res.body) {
    await tell(job, id, { ok: false, code: 'http' });
    return new Response(`The encrypted file could not be downloaded (HTTP ${res.status}).`, {
      status: 502,
      headers: plain,
    });
  }
  try {
    const opened = await decryptStream(job.key, bytesOf(res.body));
    const headers: Record<string, string> = {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': attachment(opened.meta.name),
      'X-Content-Type-Options': 'nosniff',
    };
    if (job.size !== null) headers['Content-Length'] = String(job.size);
    return new Response(toReadableStream(reporting(opened.data, job, id)), { headers });
  } catch (err) {
    await tell(job, id, { ok: false, code: codeOf(err) });
    return new Response('The file could not be decrypted.', { status: 400, headers: plain });
  }
}
