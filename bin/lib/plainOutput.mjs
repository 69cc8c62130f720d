// The environment for build steps whose output may go into a pipe (`npm ci` in CI, a log file).
// picocolors (vite, rolldown) colours whenever CI is set, tty or not: a pipe then gets raw escape codes.
// Into anything but a terminal, ask for plain text (NO_COLOR), unless the caller forces colour.

/** @param {NodeJS.ProcessEnv} env @param {boolean} toTerminal */
export function plainOutputEnv(env, toTerminal) {
  if (toTerminal || env.FORCE_COLOR) return env;
  return { ...env, NO_COLOR: '1' };
}
