/**
 * The presigned URL of each part. Init hands out a first set; a URL that is missing, about to
 * expire, or was refused (403) is signed again through `multipartParts`, in batches.
 */
import type { MultipartInitResult, PartUrl } from '../contract/index.ts';
import type { UploadEndpoints } from './endpoints.ts';

/** A URL this close to its expiry is re-signed before use: a part may take minutes. */
const EXPIRY_MARGIN_MS = 60_000;
const BATCH = 100;

interface SignedUrl {
  url: string;
  expiresAt: number;
}

export class PartUrls {
  readonly #endpoints: UploadEndpoints;
  readonly #ids: { file_id: string; upload_id: string };
  readonly #partCount: number;
  readonly #signal: AbortSignal;
  readonly #urls = new Map<number, SignedUrl>();

  constructor(endpoints: UploadEndpoints, init: MultipartInitResult, signal: AbortSignal) {
    this.#endpoints = endpoints;
    this.#ids = { file_id: init.file_id, upload_id: init.upload_id };
    this.#partCount = init.part_count;
    this.#signal = signal;
    this.#store(init.part_urls, init.urls_expire_at);
  }

  /** The URL to PUT part `n` to; `fresh` forces a new signature (after a refusal). */
  async get(n: number, fresh = false): Promise<string> {
    const known = this.#urls.get(n);
    if (!fresh && known && known.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return known.url;
    await this.#sign(fresh ? [n] : this.#batchFrom(n));
    const signed = this.#urls.get(n);
    if (!signed) throw new Error(`the server signed no URL for part ${n}`);
    return signed.url;
  }

  /** Part `n` and the following parts that need a URL too, so one call serves the next ones. */
  #batchFrom(n: number): number[] {
    const numbers = [n];
    const now = Date.now();
    for (let p = n + 1; p <= this.#partCount && numbers.length < BATCH; p++) {
      const known = this.#urls.get(p);
      if (!known || known.expiresAt - now <= EXPIRY_MARGIN_MS) numbers.push(p);
    }
    return numbers;
  }

  async #sign(partNumbers: number[]): Promise<void> {
    const res = await this.#endpoints.multipartParts(
      { ...this.#ids, part_numbers: partNumbers },
      this.#signal,
    );
    this.#store(res.part_urls, res.urls_expire_at);
  }

  #store(urls: PartUrl[], expiresAt: string): void {
    const at = Date.parse(expiresAt);
    for (const p of urls) this.#urls.set(p.partNumber, { url: p.url, expiresAt: Number.isNaN(at) ? 0 : at });
  }
}
