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

export function createLogger(level: Config['logLevel'], out: Output): Logger {
  if (!out.isTTY) return pino({ level, base: undefined }, out);
  return pino({ level, base: undefined }, { write: (line: string) => out.write(`${compactLine(line)}\n`) });
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
