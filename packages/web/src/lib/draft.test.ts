import { memoryOfflineStore } from '@clip/sdk';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { draftStore, isRestorableDraft, shouldAutosave } from './draft.ts';

const HOUR = 3600_000;

test('a draft under 24 hours old with content is offered; older, blank or malformed ones are not', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const at = (ms: number) => new Date(now - ms).toISOString();
  assert.ok(isRestorableDraft({ content: '# hi', savedAt: at(23 * HOUR) }, now));
  assert.not.ok(isRestorableDraft({ content: '# hi', savedAt: at(24 * HOUR) }, now));
  assert.not.ok(isRestorableDraft({ content: '   ', savedAt: at(HOUR) }, now));
  assert.not.ok(isRestorableDraft({ content: 'x', savedAt: 'yesterday' }, now));
  assert.not.ok(
    isRestorableDraft({ content: 'x', savedAt: at(-HOUR) }, now),
    'a draft from the future is suspect',
  );
  assert.not.ok(isRestorableDraft(null, now));
});

test('autosave only saves non-blank changes', () => {
  assert.ok(shouldAutosave('a', null));
  assert.not.ok(shouldAutosave('a', 'a'));
  assert.not.ok(shouldAutosave(' \n', null));
});

test('the store keeps markdown_draft {content, savedAt} in settings and clears it', async () => {
  const store = memoryOfflineStore();
  const drafts = draftStore(store);
  const now = Date.parse('2026-05-01T12:00:00Z');
  await drafts.save('hello', now);
  assert.equal(await store.get('settings', 'markdown_draft'), {
    content: 'hello',
    savedAt: '2026-05-01T12:00:00.000Z',
  });
  assert.is((await drafts.load(now + HOUR))?.content, 'hello');
  assert.is(await drafts.load(now + 25 * HOUR), null);
  await drafts.clear();
  assert.is(await drafts.load(now), null);
});

test.run();
