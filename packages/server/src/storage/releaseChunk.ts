/**
 * Frees a chunk's memory at once, for a reader that is done with it and is its last reader.
 *
 * Why: every chunk a socket or file read hands over is a fresh buffer outside the V8 heap, which V8 frees
 * only when a collection sweeps it. It counts such memory as external and starts a collection only once
 * ~64 MiB more of it has piled up, so a gigabyte streamed through the server held 64-90 MiB of dead
 * buffers at a time (and, in glibc's heap, the RSS they left). Detaching a buffer
 * (`ArrayBuffer.prototype.transfer`) frees its memory now and tells V8 so.
 *
 * Only a chunk that spans its whole ArrayBuffer is released: a slice of a larger buffer shares memory with
 * data someone else may hold.
 */

/** ES2024's detaching ArrayBuffer methods (Node 20 and later), beyond this project's ES2023 lib. */
interface Detachable {
  readonly detached: boolean;
  transfer(newLength?: number): ArrayBuffer;
}

export function releaseChunk(chunk: Uint8Array): void {
  // An empty chunk may be a writer's shared constant (yazl's EMPTY_BUFFER): nothing to free anyway.
  if (chunk.byteLength === 0 || !(chunk.buffer instanceof ArrayBuffer)) return;
  const buffer = chunk.buffer as ArrayBuffer & Detachable;
  const whole = chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength;
  if (whole && !buffer.detached) buffer.transfer(0);
}
