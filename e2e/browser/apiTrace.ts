/**
 * A page's recent API traffic, kept so that a wait which times out can say what the app asked and
 * what it got (a wait that failed once in many runs on a loaded machine explains itself next time).
 */
import type { Locator, Page, Request, Response } from 'playwright-core';

/** Lines kept: the newest, enough for a few uploads and the listings after them. */
const KEEP = 200;

export function traceApi(page: Page, matches: RegExp) {
  const started = Date.now();
  const lines: string[] = [];
  const add = (line: string) => {
    lines.push(`+${Date.now() - started} ms ${line}`);
    if (lines.length > KEEP) lines.shift();
  };
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const onRequest = (r: Request) => {
    if (matches.test(r.url())) add(`> ${r.method()} ${short(r.url())}`);
  };
  const onResponse = (r: Response) => {
    if (matches.test(r.url())) add(`< ${r.status()} ${r.request().method()} ${short(r.url())}`);
  };
  const onFailed = (r: Request) => {
    if (matches.test(r.url())) add(`x ${r.method()} ${short(r.url())}: ${r.failure()?.errorText}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  return {
    /**
     * Waits for `locator` and stops recording; when the wait times out, fails with the traffic and
     * `state()` (what the page itself knows, read after the timeout) in the message.
     */
    async waitFor(locator: Locator, state: () => Promise<unknown>): Promise<void> {
      try {
        await locator.waitFor();
      } catch (err) {
        const known = await state().catch((e: unknown) => `unreadable: ${(e as Error).message}`);
        throw new Error(
          `${(err as Error).message}\npage state: ${JSON.stringify(known)}\nAPI traffic:\n${lines.join('\n')}`,
        );
      } finally {
        page.off('request', onRequest);
        page.off('response', onResponse);
        page.off('requestfailed', onFailed);
      }
    },
  };
}
