#!/usr/bin/env node
/** Entry point (bin/clip runs this). Kept tiny: start-up time is a feature of `clip paste`. */
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The most common probe answers without loading the command parser at all.
  const { cliVersion } = await import('./version.ts');
  process.stdout.write(`${cliVersion()}\n`);
} else {
  const { runCli } = await import('./program.ts');
  process.exitCode = await runCli(process.argv);
}
