/** `clip browse` (and `clip` alone on a terminal): the interactive Ink browser, never in a pipe or with --json. */
import { CliError } from '../errors.ts';
import type { GlobalOptions } from '../globalOptions.ts';
import { withSession } from '../services/session.ts';

export async function browse(options: GlobalOptions): Promise<void> {
  if (options.json || !process.stdin.isTTY || !process.stdout.isTTY)
    throw new CliError(
      'the browser needs a terminal (not a pipe or --json): use clip ls, get, put, cp, mv, rm, mkdir, link, pastes ls, files ls',
      { exitCode: 2 },
    );
  await withSession(options, { requireAuth: true }, async ({ client, server }) => {
    const [{ renderBrowser }, { clientBackend }] = await Promise.all([
      import('../ui/browser/render.ts'),
      import('../ui/browser/backend.ts'),
    ]);
    await renderBrowser(clientBackend(client, server));
  });
}
