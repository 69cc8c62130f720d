/**
 * Tells a failure from clip apart from an answer of something else at the --server address (a web
 * server, a proxy's error page): asked only after a request failed, so a working server costs nothing.
 */
import { ClipClient, ClipError } from '@clip/sdk';
import { CliError } from '../errors.ts';

async function answersAsClip(server: string): Promise<boolean> {
  try {
    return (await new ClipClient({ baseUrl: server }).system.version()).name === 'clip';
  } catch {
    return false;
  }
}

/** The failure to report: an HTTP failure from a server that is not clip says so; others pass through. */
export async function explainServerFailure(server: string, err: unknown): Promise<unknown> {
  if (!(err instanceof ClipError) || err.status < 400 || (await answersAsClip(server))) return err;
  return new CliError(`${server} does not answer as a clip server (${err.message}): check --server`, {
    cause: err,
  });
}
