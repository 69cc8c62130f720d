import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from './config.ts';

const fails = (env: NodeJS.ProcessEnv, pattern: RegExp) => {
  try {
    loadConfig(env);
  } catch (err) {
    assert.instance(err, ConfigError);
    assert.match((err as Error).message, pattern);
    return;
  }
  assert.unreachable('expected a configuration error');
};

test('defaults', () => {
  const c = loadConfig({});
  assert.equal(
    [c.port, c.host, c.databaseUrl, c.logLevel, c.sweepIntervalMs],
    [8787, '127.0.0.1', null, 'info', 60_000],
  );
  assert.ok(c.dataDir.endsWith('/data'));
});

test('bad values are named', () => {
  fails({ CLIP_PORT: 'eighty' }, /CLIP_PORT/);
  fails({ CLIP_PORT: '70000' }, /CLIP_PORT/);
  fails({ CLIP_LOG_LEVEL: 'loud' }, /CLIP_LOG_LEVEL/);
  fails({ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/);
  fails({ CLIP_PUBLIC_URL: 'ftp://x' }, /CLIP_PUBLIC_URL/);
  fails({ CLIP_SECRET: 'short' }, /CLIP_SECRET/);
  fails({ CLIP_ADMIN_PASSWORD: '123' }, /CLIP_ADMIN_PASSWORD/);
});

test('CLIP_TRUST_PROXY is a count of proxy hops: unset trusts none, a word is refused by name', () => {
  assert.is(loadConfig({}).trustProxyHops, 0);
  assert.is(loadConfig({ CLIP_TRUST_PROXY: '1' }).trustProxyHops, 1);
  assert.is(loadConfig({ CLIP_TRUST_PROXY: '2' }).trustProxyHops, 2);
  fails({ CLIP_TRUST_PROXY: 'true' }, /CLIP_TRUST_PROXY must be a whole number/);
  fails({ CLIP_TRUST_PROXY: '-1' }, /CLIP_TRUST_PROXY/);
});

test('public URL loses its trailing slash', () => {
  assert.is(
    loadConfig({ CLIP_PUBLIC_URL: 'https://clip.example.com/' }).publicUrl,
    'https://clip.example.com',
  );
});

test.run();
