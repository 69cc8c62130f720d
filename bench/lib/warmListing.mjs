// A clip server holding the warm listing of a large s3rver folder: the setup of bench/cli.mjs's warm
// runs, shared by the CLI A/B (bench/cli-warm-ab.mjs). s3rver runs in its own process; the folder is
// `/s3/big` with `count` small objects, listed once so clip's listing cache holds it.
import { adminAuth, apiCall } from './clipApi.mjs';
import { startClip } from './processes.mjs';
import { seedObjects } from './seedObjects.mjs';
import { prepareClip, startS3rverProcess } from './uploadSetup.mjs';

/** Answers { clip, s3, env (CLIP_SERVER and CLIP_TOKEN for bin/clip), stop() }. */
export async function startWarmListing(count, { clipEntry, log = () => {} } = {}) {
  const clip = await startClip({}, { entry: clipEntry });
  let s3;
  try {
    const auth = await adminAuth(clip);
    s3 = await startS3rverProcess('bench-cli');
    const configId = await prepareClip(clip, auth, s3, 100);
    await apiCall(`${clip.url}/api/admin/mounts`, {
      method: 'POST',
      auth,
      body: { name: 'bench s3', mount_path: '/s3', storage_type: 's3', storage_config_id: configId },
    });
    log(`putting ${count} objects into s3rver`);
    await seedObjects(s3, count);
    const env = { CLIP_SERVER: clip.url, CLIP_TOKEN: auth.slice('Bearer '.length) };
    return {
      clip,
      s3,
      env,
      async stop() {
        await s3.stop();
        await clip.stop();
      },
    };
  } catch (err) {
    await s3?.stop();
    await clip.stop();
    throw err;
  }
}
