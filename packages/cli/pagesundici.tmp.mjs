import { request, Agent } from 'undici';
const n = Number(process.argv[2]);
const h = { authorization: `Bearer ${process.env.CLIP_TOKEN}`, 'accept-encoding': 'identity' };
let cursor = null;
for (let i = 0; i < n; i++) {
  const u = new URL(`${process.env.CLIP_SERVER}/api/admin/fs/list`); u.searchParams.set('path', '/s3/big'); if (cursor) u.searchParams.set('cursor', cursor);
  const res = await request(u, { headers: h }); const j = JSON.parse(await res.body.text()); cursor = j.data.next_cursor;
}
process.exit(0);
