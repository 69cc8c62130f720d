// Temporary probe (not committed): GET /dav vs /api download timing and RSS.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth, apiCall } from './lib/clipApi.mjs';
import { startClip } from './lib/processes.mjs';
import { currentRss, watchRss } from './lib/rss.mjs';
import { timeOnce } from './lib/timing.mjs';
import { MIB, prepareClip, startS3rverProcess, writeRandomFile } from './lib/uploadSetup.mjs';
const SIZE = Number(process.env.P_MIB ?? 256) * MIB;
const work = await mkdtemp(join(tmpdir(), 'clip-probe-'));
const file = join(work, 'f.bin');
await writeRandomFile(file, SIZE);
const clip = await startClip();
const s3 = await startS3rverProcess('probe');
try {
  const auth = await adminAuth(clip);
  const configId = await prepareClip(clip, auth, s3, Math.ceil((SIZE * 2) / MIB));
  await apiCall(`${clip.url}/api/admin/mounts`, { method: 'POST', auth, body: { name: 's3', mount_path: '/s3', storage_type: 's3', storage_config_id: configId, cache_ttl: 300 } });
  const user = `${clip.admin.username}:${clip.admin.password}`;
  console.log('idle rss', (currentRss(clip.pid) / MIB).toFixed(1));
  let r = await timeOnce('curl', ['-sS', '--fail', '-o', '/dev/null', '-u', user, '-T', file, `${clip.url}/dav/s3/d.bin`]);
  console.log('put', r.code, r.ms, 'rss', (currentRss(clip.pid) / MIB).toFixed(1));
  const dav = () => timeOnce('curl', ['-sS', '--fail', '-o', '/dev/null', '-u', user, `${clip.url}/dav/s3/d.bin`]);
  const api = () => timeOnce('curl', ['-sS', '--fail', '-o', '/dev/null', '-H', `authorization: ${auth}`, `${clip.url}/api/admin/fs/download?path=%2Fs3%2Fd.bin`]);
  for (let i = 0; i < Number(process.env.P_RUNS ?? 3); i++) {
    for (const [label, fn] of [['dav', dav], ['api', api]]) {
      const w = await watchRss(clip.pid, fn);
      console.log(label, w.result.code, Math.round(w.result.ms), 'ms', 'rss before', (w.before / MIB).toFixed(0), 'highest', (w.highest / MIB).toFixed(0));
    }
  }
} finally {
  await clip.stop();
  await s3.stop?.();
}
