// One SDK upload in its own process (the way an app would run it), printing a JSON summary on stdout.
// Usage: node bench/lib/sdkUpload.mjs '<json {server, token, path, s3ConfigId?, multipartThreshold?, concurrency?}>'
import { ClipClient, uploadFile } from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';

const spec = JSON.parse(process.argv[2]);
const client = new ClipClient({ baseUrl: spec.server, auth: { type: 'admin', token: spec.token } });
let mode = null;
const created = await uploadFile(client, await fileSource(spec.path), {
  s3_config_id: spec.s3ConfigId,
  multipartThreshold: spec.multipartThreshold,
  concurrency: spec.concurrency,
  onProgress: (p) => {
    mode = p.mode ?? mode;
  },
});
process.stdout.write(
  JSON.stringify({
    id: created.id,
    slug: created.slug,
    size: created.size,
    mode,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
