/**
 * Waits until `check` holds, polling: a condition, never a fixed sleep. The deadline is generous
 * because suites run on a loaded 2-core machine; it only decides how long a broken behaviour takes
 * to be reported.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
