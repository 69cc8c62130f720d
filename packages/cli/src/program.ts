/** The command tree. Declarations only: each action imports its implementation when it runs. */
import { Command } from 'commander';
import { defineAdminCommands } from './definitions/adminCommands.ts';
import { defineAuthCommands } from './definitions/authCommands.ts';
import { defineFileCommands } from './definitions/fileCommands.ts';
import { defineFsCommands } from './definitions/fsCommands.ts';
import { defineKeyCommands } from './definitions/keyCommands.ts';
import { defineLsCommand } from './definitions/lsCommand.ts';
import { defineRequestCommands } from './definitions/requestCommands.ts';
import { defineServeCommand } from './definitions/serveCommand.ts';
import { defineShareCommands } from './definitions/shareCommands.ts';
import { CliError, failureLine } from './errors.ts';
import { cliVersion } from './version.ts';

/**
 * Commands defined alone when a command line names them: they need nothing else of the tree to parse or
 * to run, and the whole tree (~60 commands and their options) is a measurable part of a short command's
 * start (docs/performance.md). Their own help and errors read as from the whole tree.
 */
const DEFINED_ALONE = new Map<string, (program: Command) => void>([['ls', defineLsCommand]]);

/**
 * The command a command line names: its first word after the global options. Undefined when there is
 * none, when it asks for help (answered from the whole tree) or when an option comes first that is not
 * a global one.
 */
export function namedCommand(args: string[]): string | undefined {
  if (args.includes('--help') || args.includes('-h')) return undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--server') i++;
    else if (arg !== '--json' && !arg.startsWith('--server=')) return arg.startsWith('-') ? undefined : arg;
  }
  return undefined;
}

function buildProgram(argv: string[]): Command {
  const program = new Command('clip')
    .description('clip: share text and files from the terminal')
    .version(cliVersion(), '-V, --version', 'print the version')
    .option('--server <url>', 'server URL (else CLIP_SERVER, the saved one, or http://localhost:8787)')
    .option('--json', 'print results as JSON')
    .showSuggestionAfterError()
    // Commander's own errors follow the CLI's failure format: one line, `clip: <reason>`.
    .configureOutput({
      outputError: (text, write) =>
        write(
          `clip: ${text
            .replace(/^error: /, '')
            .trim()
            .replace(/\s*\n\s*/g, ' ')}\n`,
        ),
    });
  const alone = DEFINED_ALONE.get(namedCommand(argv.slice(2)) ?? '');
  if (alone) {
    alone(program);
    return program;
  }
  defineAuthCommands(program);
  defineKeyCommands(program);
  defineShareCommands(program);
  defineFileCommands(program);
  defineRequestCommands(program);
  defineFsCommands(program);
  defineServeCommand(program);
  defineAdminCommands(program);
  return program;
}

/** Runs the CLI; answers the exit code. Failures end up as one line on stderr. */
export async function runCli(argv: string[]): Promise<number> {
  // A reader that stops early (`clip get x | head`) is not a failure: end quietly.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  // `clip` alone on a terminal opens the browser; in a pipe it keeps printing the help.
  const bare = argv.length === 2 && process.stdin.isTTY && process.stdout.isTTY;
  try {
    await buildProgram(argv).parseAsync(bare ? [...argv, 'browse'] : argv);
    return 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    process.stderr.write(`clip: ${failureLine(err)}\n`);
    if (process.env.CLIP_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    return err instanceof CliError ? err.exitCode : 1;
  }
}
