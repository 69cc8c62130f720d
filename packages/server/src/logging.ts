/**
 * The server's logger: JSON lines for log collectors, or, on a terminal, one compact line per event so
 * the start banner is not buried under JSON (`12:01:02 GET /api/health 200 3 ms`).
 */
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'reqId', 'method', 'path', 'status', 'ms']);

interface Output {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** Log lines are written in batches of about this many characters, not one write per request... */
const STDOUT_BATCH_BYTES = 4096;
/** ...and a quiet server's lines still show within this long (and at exit). */
const STDOUT_FLUSH_MS = 250;
/**
 * Most log bytes queued for a stdout reader that has fallen behind; the lines after them are dropped
 * and counted until it catches up. Unbounded, a stalled reader made the server hold the whole request
 * log in memory (24 MB for 200,000 lines in logBackpressure.test.ts), every line of it outliving young
 * collections.
 */
export const STDOUT_MAX_QUEUED_BYTES = 8 * 1024 * 1024;

export function createLogger(level: Config['logLevel'], out: Output): Logger {
  if (out === process.stdout && !out.isTTY) return pino({ level, base: undefined }, bufferedStdout());
  if (!out.isTTY) return pino({ level, base: undefined }, out);
  return pino({ level, base: undefined }, { write: (line: string) => out.write(`${compactLine(line)}\n`) });
}

/** Writes out the request log's pending lines; set while stdout is a batched log (`bufferedStdout`). */
let flushPending: (() => Promise<void>) | null = null;

/**
 * Resolves once the log lines written so far have reached stdout: a graceful stop awaits it before
 * `process.exit`, which would drop lines still queued for a slow reader.
 */
export function flushLog(): Promise<void> {
  return flushPending?.() ?? Promise.resolve();
}

/**
 * stdout for a log collector: a synchronous write per request line cost a quarter of a health check's
 * CPU (bench/results/request-profile.md), so lines are gathered into batches of ~4 KiB (an array joined
 * once), written within STDOUT_FLUSH_MS and at exit.
 *
 * A batch goes to `process.stdout`, which on a pipe writes at once when the pipe has room and queues
 * the rest for the event loop otherwise: the server never blocks on a slow reader, and past
 * STDOUT_MAX_QUEUED_BYTES queued it drops lines rather than hold them. Not sonic-boom's
 * asynchronous mode (pino's `destination({ sync: false })`, used before): its batching appends each
 * line to one string and measures that whole string again per line, and its writes go through libuv's
 * thread pool, under which the server's malloc heap grew by ~3 MiB/s of log (RSS 160 MiB and
 * climbing after 10 s of health checks, against ~110 MiB flat this way; request-profile.md).
 */
function bufferedStdout(): { write(line: string): void } {
  let lines: string[] = [];
  let pending = 0;
  let dropped = 0;
  const pass = () => {
    if (lines.length === 0 && dropped === 0) return true;
    if (process.stdout.writableLength >= STDOUT_MAX_QUEUED_BYTES) {
      dropped += lines.length;
      lines = [];
      pending = 0;
      return false;
    }
    // Said once the reader has caught up, so whoever reads the log learns what is missing from it.
    const notice = dropped > 0 ? droppedLine(dropped) : '';
    dropped = 0;
    const batch = notice + lines.join('');
    lines = [];
    pending = 0;
    return process.stdout.write(batch);
  };
  setInterval(pass, STDOUT_FLUSH_MS).unref();
  // A reader that went away (EPIPE) leaves the lines nowhere to go; it must not crash the server.
  process.stdout.on('error', () => {});
  // The last lines of a process that exits without `flushLog` (written at once while the pipe has room).
  process.once('exit', pass);
  flushPending = () =>
    new Promise<void>((resolve) => {
      pass();
      // An empty write's callback runs once everything queued before it is written (or failed).
      process.stdout.write('', () => resolve());
    });
  return {
    write(line: string) {
      lines.push(line);
      pending += line.length;
      if (pending >= STDOUT_BATCH_BYTES) pass();
    },
  };
}

/** A pino-shaped warning that `count` lines were dropped while stdout's reader was behind. */
function droppedLine(count: number): string {
  return `${JSON.stringify({ level: 40, time: Date.now(), msg: 'log lines dropped: the reader of stdout fell behind', dropped: count })}\n`;
}

/** Turns one pino JSON line into the terminal format; a line it cannot read is passed on as it is. */
export function compactLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
  if (entry.msg === 'request' && entry.method)
    return `${time} ${entry.method} ${entry.path} ${entry.status} ${entry.ms} ms`;
  const level = LEVEL_NAMES[Number(entry.level)] ?? 'INFO';
  const extra = Object.fromEntries(Object.entries(entry).filter(([k]) => !OWN_FIELDS.has(k)));
  const details = Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '';
  return `${time} ${level} ${entry.msg ?? ''}${details}`;
}
