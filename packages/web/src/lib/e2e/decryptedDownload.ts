/**
 * Saving an encrypted file share decrypted, without holding it in memory: through the service worker
 * (sw/e2eDownloads.ts), which streams the plaintext into the browser's own download; else into a
 * file the reader picks (File System Access: the file is committed only when the stream closes, and
 * discarded on abort); else, where neither exists, through memory.
 */
import { bytesOf, decryptStream, type E2eErrorCode } from '@clip/sdk';
import { e2eCodeOf } from './linkKey.ts';

export interface DecryptedDownload {
  /** The ciphertext's signed download link. */
  url: string;
  key: Uint8Array;
  /** The decrypted name and the plaintext size, from the first bytes (useEncryptedFile). */
  name: string;
  size: number | null;
}

export type DownloadOutcome = { ok: true } | { ok: false; code: E2eErrorCode | 'http' };

type SaveFilePicker = (options: { suggestedName: string }) => Promise<FileSystemFileHandle>;

/** Starts the download; `done` hears how it ended (for the worker, once the last chunk verified). */
export async function saveDecrypted(
  job: DecryptedDownload,
  done: (outcome: DownloadOutcome) => void,
): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (worker) return throughWorker(worker, job, done);
  const picker = (window as Window & { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  if (picker) return intoPickedFile(picker, job, done);
  return throughMemory(job, done);
}

async function throughWorker(
  worker: ServiceWorker,
  job: DecryptedDownload,
  done: (o: DownloadOutcome) => void,
) {
  const id = crypto.randomUUID();
  const frame = document.createElement('iframe');
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type !== 'E2E_DOWNLOAD_RESULT' || event.data.id !== id) return;
    navigator.serviceWorker.removeEventListener('message', onMessage);
    frame.remove();
    done(event.data.ok ? { ok: true } : { ok: false, code: event.data.code });
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    const url = new URL(job.url, window.location.href).toString();
    worker.postMessage({ type: 'E2E_DOWNLOAD', id, url, key: job.key, size: job.size }, [channel.port2]);
  });
  frame.hidden = true;
  frame.title = 'download';
  frame.src = `/__clip-e2e/${id}`;
  document.body.append(frame);
}

async function plaintext(job: DecryptedDownload) {
  const res = await fetch(job.url);
  if (!res.ok || !res.body) return null;
  return (await decryptStream(job.key, bytesOf(res.body))).data;
}

async function intoPickedFile(
  picker: SaveFilePicker,
  job: DecryptedDownload,
  done: (o: DownloadOutcome) => void,
) {
  let handle: FileSystemFileHandle;
  try {
    handle = await picker({ suggestedName: job.name });
  } catch {
    return; // The reader closed the picker.
  }
  const writable = await handle.createWritable();
  try {
    const data = await plaintext(job);
    if (!data) {
      await writable.abort();
      return done({ ok: false, code: 'http' });
    }
    for await (const chunk of data) await writable.write(chunk as BufferSource);
    await writable.close();
    done({ ok: true });
  } catch (err) {
    await writable.abort().catch(() => undefined);
    done({ ok: false, code: e2eCodeOf(err) });
  }
}

async function throughMemory(job: DecryptedDownload, done: (o: DownloadOutcome) => void) {
  try {
    const data = await plaintext(job);
    if (!data) return done({ ok: false, code: 'http' });
    const parts: Uint8Array[] = [];
    for await (const chunk of data) parts.push(chunk);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob(parts as BlobPart[]));
    link.download = job.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    done({ ok: true });
  } catch (err) {
    done({ ok: false, code: e2eCodeOf(err) });
  }
}
