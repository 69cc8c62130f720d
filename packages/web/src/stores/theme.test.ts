import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryStorage } from './storage.ts';
import { createThemeStore, type DarkQuery, nextThemeMode, parseThemeMode, resolveTheme } from './theme.ts';

function fakeSystem(dark: boolean) {
  const listeners: ((e: { matches: boolean }) => void)[] = [];
  const query: DarkQuery = { matches: dark, addEventListener: (_t, l) => listeners.push(l) };
  return {
    query,
    set: (matches: boolean) => {
      for (const l of listeners) l({ matches });
    },
  };
}

test('the toggle cycles auto, light, dark and back', () => {
  assert.is(nextThemeMode('auto'), 'light');
  assert.is(nextThemeMode('light'), 'dark');
  assert.is(nextThemeMode('dark'), 'auto');
});

test('unknown saved values fall back to auto', () => {
  assert.is(parseThemeMode(null), 'auto');
  assert.is(parseThemeMode('sepia'), 'auto');
  assert.is(parseThemeMode('dark'), 'dark');
});

test('auto follows the system, explicit modes do not', () => {
  assert.is(resolveTheme('auto', true), 'dark');
  assert.is(resolveTheme('auto', false), 'light');
  assert.is(resolveTheme('light', true), 'light');
});

test('the store saves each step as themeMode and follows system changes live in auto', () => {
  const storage = memoryStorage();
  const system = fakeSystem(false);
  const theme = createThemeStore(storage, system.query);
  assert.is(theme.mode.value, 'auto');
  assert.is(theme.resolved.value, 'light');
  system.set(true);
  assert.is(theme.resolved.value, 'dark');
  theme.cycle();
  assert.is(storage.getItem('themeMode'), 'light');
  assert.is(theme.resolved.value, 'light');
  theme.cycle();
  assert.is(storage.getItem('themeMode'), 'dark');
  theme.cycle();
  assert.is(storage.getItem('themeMode'), 'auto');
  assert.is(createThemeStore(storage, system.query).mode.value, 'auto');
});

test.run();
