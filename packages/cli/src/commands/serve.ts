import { loadServer } from '../serverPackage.ts';

/** `clip serve`: the whole server in this process, configured by the same environment as `npm start`. */
export interface ServeOptions {
  port?: string;
  host?: string;
  dataDir?: string;
}

export async function serve(options: ServeOptions): Promise<void> {
  const env = { ...process.env };
  if (options.port !== undefined) env.CLIP_PORT = options.port;
  if (options.host !== undefined) env.CLIP_HOST = options.host;
  if (options.dataDir !== undefined) env.CLIP_DATA_DIR = options.dataDir;
  // Imported here so no other command pays for loading the server (an optional peer package).
  const { main } = await loadServer('serve');
  await main(env);
}
