/** Options every command accepts (declared once on the root program). */
export interface GlobalOptions {
  /** Server URL for this invocation, overriding CLIP_SERVER and the config file. */
  server?: string;
  /** Machine-readable output on stdout. */
  json?: boolean;
}
