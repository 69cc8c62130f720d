// The counted view every share kind shares: 404 / 410 / locked only when the count misses, and the
// password checked through the limiter before a protected share is counted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { manualClock } from '../../clock.ts';
import { gone, notFound } from '../../http/appError.ts';
import type { PasswordChecks } from '../../services/passwordChecks.ts';
import { createCountedViews, type ProbedShare } from './countedView.ts';

interface Share extends ProbedShare {
  slug: string;
}

/** One share in memory, counted the way a store's conditional UPDATE counts it. */
function kindOf(share: Share | null, password = 'right') {
  const clock = manualClock(1_000);
  const checked: string[] = [];
  const live = (s: Share) => (s.max_views === 0 || s.views < s.max_views) && s.expires_at === null;
  const count = (s: Share | null) => {
    if (!s || !live(s)) return null;
    s.views++;
    return { ...s };
  };
  const passwords: PasswordChecks = {
    async verify(input) {
      checked.push(input.limitKey);
      return input.password === password;
    },
  };
  const views = createCountedViews<Share, Share>({
    store: {
      probe: async (slug) => (share?.slug === slug ? share : null),
      countUnprotected: async (slug) =>
        share?.slug === slug && share.password_hash === null ? count(share) : null,
      countVerified: async (id, hash) =>
        share?.id === id && share.password_hash === hash ? count(share) : null,
    },
    passwords,
    clock,
    missing: (slug) => notFound(`share "${slug}" not found`),
    gone: (slug) => gone(`share "${slug}" is gone`),
  });
  return { views, checked };
}

const share = (extra: Partial<Share> = {}): Share => ({
  id: 'id-1',
  slug: 's',
  password_hash: null,
  expires_at: null,
  max_views: 0,
  views: 0,
  ...extra,
});
const statusOf = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (e: { status?: number }) => e.status,
  );

test('an open share is counted; an unknown one is 404, a used-up one 410', async () => {
  const open = kindOf(share({ max_views: 1 }));
  assert.equal(await open.views.readOpen('s'), share({ max_views: 1, views: 1 }));
  assert.is(await statusOf(open.views.readOpen('s')), 410);
  assert.is(await statusOf(kindOf(null).views.readOpen('s')), 404);
});

test('a protected share reads as locked without its password, counting nothing', async () => {
  const locked = share({ password_hash: 'hash' });
  assert.is(await kindOf(locked).views.readOpen('s'), 'locked');
  assert.is(locked.views, 0);
});

test('the password goes through the limiter per client before the view is counted', async () => {
  const locked = share({ password_hash: 'hash' });
  const kind = kindOf(locked);
  assert.is(await statusOf(kind.views.readWithPassword('s', 'wrong', '10.0.0.1')), 401);
  assert.is(locked.views, 0);
  const { read } = await kind.views.readWithPassword('s', 'right', '10.0.0.1');
  assert.is(read.views, 1);
  assert.equal(kind.checked, ['share-password:10.0.0.1', 'share-password:10.0.0.1']);
});

test('an unprotected share read with a password is simply counted', async () => {
  const kind = kindOf(share());
  assert.is((await kind.views.readWithPassword('s', 'anything', '10.0.0.1')).read.views, 1);
  assert.equal(kind.checked, []);
});

test.run();
