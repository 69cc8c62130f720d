import { memoryOfflineStore } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createOnlineStore } from './online.ts';
import { createPreferencesStore } from './preferences.ts';

test('preferences are saved as user_preferences {fields, savedAt} and reloaded from the store', async () => {
  const store = memoryOfflineStore();
  const prefs = createPreferencesStore(store);
  assert.is(prefs.preferences.value.editorMode, 'markdown');
  await prefs.update({ editorMode: 'text' });
  const saved = await store.get<{ editorMode: string; savedAt: string }>('settings', 'user_preferences');
  assert.is(saved?.editorMode, 'text');
  assert.ok(!Number.isNaN(Date.parse(saved?.savedAt ?? '')));
  // Another tab changed them meanwhile:
  await store.set('settings', 'user_preferences', {
    editorMode: 'markdown',
    savedAt: new Date().toISOString(),
  });
  await prefs.reload();
  assert.is(prefs.preferences.value.editorMode, 'markdown');
});

test('coming back online runs the reconnect listeners (the app reloads preferences there)', () => {
  const win = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  const online = createOnlineStore(win as unknown as Window);
  let reconnects = 0;
  online.whenBackOnline(() => reconnects++);
  win.dispatchEvent(new Event('offline'));
  assert.is(online.online.value, false);
  assert.is(reconnects, 0);
  win.dispatchEvent(new Event('online'));
  assert.is(online.online.value, true);
  assert.is(reconnects, 1);
});

test.run();
