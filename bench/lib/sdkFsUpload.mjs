// One `fs.upload` in its own process (the way an app would run it), printing a JSON summary on stdout.
// Usage: node bench/lib/sdkFsUpload.mjs '<json {server, token, path, folder, filename, mode?}>'
import { ClipClient } from '@clip/sdk';
import { fileSource } from '@clip/sdk/node';

const spec = JSON.parse(process.argv[2]);
const client = new ClipClient({ baseUrl: spec.server, auth: { type: 'admin', token: spec.token } });
let mode = null;
const done = await client.fs.upload(spec.folder, await fileSource(spec.path), {
  filename: spec.filename,
  mode: spec.mode,
  onProgress: (p) => {
    mode = p.mode ?? mode;
  },
});
process.stdout.write(
  JSON.stringify({
    path: done.item.path,
    size: done.item.size,
    mode,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  }),
);
