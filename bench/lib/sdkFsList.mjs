// One whole-folder listing through clip in its own process (like `aws s3 ls` runs), bypassing clip's
// cache: every page of `folder` with refresh=true. Prints the item count.
// Usage: node bench/lib/sdkFsList.mjs '<json {server, token, folder}>'
import { ClipClient } from '@clip/sdk';

const spec = JSON.parse(process.argv[2]);
const client = new ClipClient({ baseUrl: spec.server, auth: { type: 'admin', token: spec.token } });
const listed = await client.fs.listAll(spec.folder, { refresh: true });
process.stdout.write(JSON.stringify({ items: listed.items.length }));
