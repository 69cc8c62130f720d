/**
 * Turns byte counts into the progress events callers see: throttled, monotonic, with a speed over a
 * sliding window. A URL upload maps its two phases onto parts of the percent scale (spec section 9).
 */
import type { UploadMode, UploadProgress, UploadStage } from './types.ts';

const EMIT_EVERY_MS = 100;
const SPEED_WINDOW_MS = 3000;

export interface PercentRange {
  from: number;
  to: number;
}

export class ProgressReporter {
  readonly #onProgress?: (p: UploadProgress) => void;
  readonly #now: () => number;
  #stage: UploadStage = 'starting';
  #mode: UploadMode | null = null;
  #total = 0;
  /** Bytes counted now: may drop when a failed part is retried. */
  #loaded = 0;
  /** The highest count shown, so events never go backwards. */
  #shown = 0;
  #percent = 0;
  #range: PercentRange = { from: 0, to: 99 };
  #samples: [number, number][] = [];
  #lastEmit = 0;

  constructor(onProgress?: (p: UploadProgress) => void, now: () => number = () => Date.now()) {
    this.#onProgress = onProgress;
    this.#now = now;
  }

  /** Starts counting a new phase of `total` bytes mapped onto `range` of the percent scale. */
  phase(stage: UploadStage, total: number, range?: PercentRange): void {
    this.#total = total;
    this.#loaded = 0;
    this.#shown = 0;
    this.#samples = [];
    if (range) this.#range = range;
    this.stage(stage);
  }

  setMode(mode: UploadMode): void {
    this.#mode = mode;
  }

  /** Moves to `stage` and reports it at once. */
  stage(stage: UploadStage): void {
    this.#stage = stage;
    if (stage === 'completed') {
      this.#shown = Math.max(this.#shown, this.#total);
      this.#percent = 100;
    }
    this.#emit();
  }

  /** Counts `n` more bytes (negative when a failed attempt's bytes are taken back). */
  add(n: number): void {
    this.#loaded += n;
    const now = this.#now();
    this.#samples.push([now, this.#loaded]);
    if (now - this.#lastEmit >= EMIT_EVERY_MS) this.#emit();
  }

  get loaded(): number {
    return this.#loaded;
  }

  /** The latest state, without waiting for the throttle. */
  snapshot(): UploadProgress {
    this.#shown = Math.max(this.#shown, Math.min(this.#loaded, this.#total || this.#loaded));
    if (this.#stage !== 'completed') {
      const fraction = this.#total > 0 ? this.#shown / this.#total : 0;
      const mapped = Math.floor(this.#range.from + fraction * (this.#range.to - this.#range.from));
      this.#percent = Math.max(this.#percent, Math.min(mapped, this.#range.to));
    }
    return {
      stage: this.#stage,
      mode: this.#mode,
      loaded: this.#shown,
      total: this.#total,
      percent: this.#percent,
      speed: this.#speed(),
    };
  }

  #speed(): number {
    const now = this.#now();
    while (this.#samples.length > 2 && now - this.#samples[0][0] > SPEED_WINDOW_MS) this.#samples.shift();
    if (this.#samples.length < 2) return 0;
    const [t0, b0] = this.#samples[0];
    const [t1, b1] = this.#samples[this.#samples.length - 1];
    const seconds = Math.max((t1 - t0) / 1000, 0.001);
    return Math.max(0, (b1 - b0) / seconds);
  }

  #emit(): void {
    this.#lastEmit = this.#now();
    if (!this.#onProgress) return;
    const snapshot = this.snapshot();
    try {
      this.#onProgress(snapshot);
    } catch {
      // A failing listener must not fail the upload.
    }
  }
}
