/**
 * The part buffers of one streamed S3 write, reused once storage has a part: memory stays at (parts in
 * flight + 2) parts, and no part-sized buffer per part is left to the collector (which freed them late,
 * and the allocator kept the pages: RSS grew by tens of MiB over a 1 GiB upload).
 *
 * All of a write's buffers are slices of one slab of at least 33 MiB, above the C allocator's largest mmap
 * threshold (32 MiB), so it is mapped on its own and its pages go back to the system when it is freed;
 * separate part-sized buffers were served from the allocator's heap once the first write had freed its
 * own, and every further 1 GiB write left tens of MiB of RSS in its holes. Only pages a part fills are
 * touched, so the slab's spare room and slots a small write never uses cost no memory.
 *
 * A slab is freed when its write ends well, not when the collector gets to it (an idle server collects
 * late, and the next write's slab then came on top: +40 MiB): `ArrayBuffer.prototype.transfer(0)`
 * detaches it and releases the memory at once (mapping a fresh one per write costs nothing measurable). A
 * failed write's slab is left to the collector, as a request cut short may still refer to it.
 */

/** Above glibc's largest dynamic mmap threshold (DEFAULT_MMAP_THRESHOLD_MAX, 32 MiB on 64-bit). */
const SLAB_MIN_BYTES = 33 * 1024 * 1024;

/** Frees a slab nothing refers to any more (ES2024; the project's TypeScript lib is ES2023). */
const release = (slab: ArrayBuffer) =>
  (slab as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);

export class PartBuffers {
  readonly size: number;
  readonly #slab: ArrayBuffer;
  readonly #free: Buffer[] = [];

  constructor(size: number, slots: number) {
    this.size = size;
    const bytes = Math.max(size * slots, SLAB_MIN_BYTES);
    this.#slab = Buffer.allocUnsafeSlow(bytes).buffer;
    for (let i = slots - 1; i >= 0; i--) this.#free.push(Buffer.from(this.#slab, i * size, size));
  }

  take(): Buffer {
    const buffer = this.#free.pop();
    if (!buffer) throw new Error('no free part buffer (more parts in flight than slots)');
    return buffer;
  }

  give(buffer: Buffer): void {
    this.#free.push(buffer);
  }

  /** The write stored every part (so no request refers to a buffer any more): the slab can go. */
  finished(): void {
    release(this.#slab);
  }
}
