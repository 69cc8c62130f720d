/** Helpers for the admin browser suites: signing in through the form, toasts, dialogs, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ADMIN } from '@clip/server/testing';
import type { BrowserContext, Page } from 'playwright-core';

export async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.locator('input[name="username"]').fill(TEST_ADMIN.username);
  await page.locator('input[name="password"]').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: /^(Sign in|登录)$/ }).click();
  await page.waitForSelector('[data-module="dashboard"]');
}

export async function grantClipboard(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
}

export const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Waits for a toast whose text matches and answers it. */
export async function toast(page: Page, text: RegExp): Promise<string> {
  const locator = page.locator('.toast', { hasText: text }).first();
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

export const dialog = (page: Page, name: string) => page.locator(`dialog[data-dialog="${name}"]`);

/** Confirms the pending confirmation dialog with its action button. */
export async function confirmDialog(page: Page, action: RegExp): Promise<void> {
  const d = dialog(page, 'confirm');
  await d.waitFor();
  await d.getByRole('button', { name: action }).click();
  await d.waitFor({ state: 'detached' });
}

export const rows = (page: Page, module: string) =>
  page.locator(`[data-module="${module}"] tbody tr[data-row]`);

/** Waits until the module's table shows exactly `n` rows. */
export async function expectRows(page: Page, module: string, n: number): Promise<void> {
  await page.waitForFunction(
    ([m, count]) => document.querySelectorAll(`[data-module="${m}"] tbody tr[data-row]`).length === count,
    [module, n] as const,
  );
}

/** Open a module through the navigation, as a user would. */
export async function openModule(page: Page, label: RegExp, module: string): Promise<void> {
  await page.locator('.admin-nav').getByRole('link', { name: label }).click();
  await page.waitForSelector(`[data-module="${module}"]`);
}

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** Screenshots go to docs/screenshots only when CLIP_SCREENSHOTS=1 (so test runs leave the docs alone). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const buffer = await page.screenshot({ fullPage: true });
  if (process.env.CLIP_SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(SHOTS, `${name}.png`), buffer);
}
