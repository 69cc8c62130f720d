/**
 * The server is an optional peer of the CLI: `clip serve` (and the admin commands that run against the
 * database) load `@clip/server` on demand and, when it is not installed, say how to get it.
 */
import { CliError } from './errors.ts';

/** What the CLI uses of `@clip/server` (declared here: the server stays out of the CLI's build). */
export interface ServerPackage {
  main(env: NodeJS.ProcessEnv): Promise<void>;
  resetAdminPassword(
    env: NodeJS.ProcessEnv,
    options?: { username?: string; password?: string },
  ): Promise<{ username: string; generatedPassword: string | null; created: boolean }>;
  ConfigError: abstract new (...args: never[]) => Error;
}

export const SERVER_PACKAGE = '@clip/server';

export const serverMissingMessage = (command: string) =>
  `${command} needs the server package: install it next to the CLI with \`npm install --global ${SERVER_PACKAGE}\` (or run it from a clip checkout)`;

/** Imports the server; a CliError naming the install step when the package is missing. */
export async function loadServer(command: string): Promise<ServerPackage> {
  // A variable specifier: the server stays out of the CLI's build and type graph.
  const specifier: string = SERVER_PACKAGE;
  try {
    return (await import(specifier)) as ServerPackage;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (
      (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND') &&
      e.message?.includes(`'${specifier}'`)
    )
      throw new CliError(serverMissingMessage(`clip ${command}`), { cause: err });
    throw err;
  }
}
