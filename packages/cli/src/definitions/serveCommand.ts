import type { Command } from 'commander';

/** serve: runs the server in this process (configured by the CLIP_* environment, flags override). */
export function defineServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the clip server here (configured by CLIP_* environment variables)')
    .option('--port <port>', 'port to listen on (CLIP_PORT, default 8787)')
    .option('--host <host>', 'address to bind (CLIP_HOST, default 127.0.0.1)')
    .option('--data-dir <dir>', 'data directory (CLIP_DATA_DIR, default ./data)')
    .action(async (opts) => (await import('../commands/serve.ts')).serve(opts));
}
