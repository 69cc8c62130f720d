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

export function createLogger(level: Config['logLevel'], out: Output): Logger {
  if (out === process.stdout && !out.isTTY) return pino({ level, base: undefined }, bufferedStdout());
  if (!out.isTTY) return pino({ level, base: undefined }, out);
  return pino({ level, base: undefined }, { write: (line: string) => out.write(`${compactLine(line)}\n`) });
}

/**
 * stdout for a log collector: a synchronous write per request line cost a quarter of a health check's
 * CPU (bench/results/request-profile.md), so lines are batched and written asynchronously; whatever
 * is buffered is flushed within STDOUT_FLUSH_MS, and synchronously when the process exits.
 *
 * The batch is gathered here, as an array of lines joined once, and handed to sonic-boom (pino's
 * asynchronous destination) whole: sonic-boom's own batching (`minLength`) appends each line to one
 * growing string and measures that string's UTF-8 length again per line, a copy of up to 16 KiB per
 * request line (~5% of a health check's CPU and much of its garbage).
 */
function bufferedStdout(): { write(line: string): void } {
  const destination = pino.destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let pending = 0;
  const pass = () => {
    if (lines.length === 0) return;
    const batch = lines.join('');
    lines = [];
    pending = 0;
    destination.write(batch);
  };
  setInterval(pass, STDOUT_FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      pass();
      destination.flushSync();
    } catch {
      // stdout already gone: nothing to save the lines to
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      pending += line.length;
      if (pending >= STDOUT_BATCH_BYTES) pass();
    },
  };
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
