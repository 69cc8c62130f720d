import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAuth } from './lib/clipApi.mjs';
import { startClip } from './lib/processes.mjs';
import { mebibytes, watchRss, currentRss } from './lib/rss.mjs';
import { mountHugeStorages, seedLocalFolder } from './lib/seedHugeFolder.mjs';
import { startS3rverProcess } from './lib/uploadSetup.mjs';
const work = await mkdtemp(join(tmpdir(), 'zz-pf-'));
const clip = await startClip({}, process.env.ENTRY ? { entry: process.env.ENTRY } : {});
const s3 = await startS3rverProcess('bench-huge');
try {
  const auth = await adminAuth(clip);
  await mountHugeStorages(clip, auth, s3, join(work, 'disk'));
  const sizes = (process.env.SIZES ?? "20000,100000").split(",").map(Number);
  for (const n of sizes) await seedLocalFolder(join(work, 'disk', `f${n}`), n);
  const basic = `Basic ${Buffer.from(`${clip.admin.username}:${clip.admin.password}`).toString('base64')}`;
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++)
    for (const n of sizes) {
      const t = performance.now();
      const w = await watchRss(clip.pid, async () => {
        const res = await fetch(`${clip.url}/dav/disk/f${n}/`, { method: 'PROPFIND', headers: { authorization: basic, depth: '1' } });
        let bytes = 0; for await (const c of res.body) bytes += c.length; return bytes;
      }, 20);
      console.log(`round ${round} n=${n}: ${((performance.now() - t) / 1000).toFixed(1)} s, ${mebibytes(w.before)} -> ${mebibytes(w.highest)} (+${mebibytes(w.highest - w.before)}), after ${mebibytes(currentRss(clip.pid))}, body ${(w.result / 1e6).toFixed(1)} MB`);
    }
} finally { await clip.stop(); await s3.stop?.(); }
