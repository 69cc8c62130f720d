/** A failure the CLI explains in one line (`clip: <message>`) before exiting non-zero. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, options: { exitCode?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? 1;
  }
}

/** The one line shown for any failure: our own, the SDK's (section 8 messages) or an unexpected one. */
export function failureLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\n\s*/g, ' ').trim() || 'failed';
}
