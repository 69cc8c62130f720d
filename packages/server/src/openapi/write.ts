/** `npm run openapi`: writes the served document to docs/api/openapi.json (a test fails when it is stale). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../testing/testServer.ts';

export const COMMITTED_OPENAPI = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api/openapi.json',
);

const server = await startTestServer();
try {
  const res = await fetch(`${server.url}/api/openapi.json`);
  if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
  await mkdir(dirname(COMMITTED_OPENAPI), { recursive: true });
  await writeFile(COMMITTED_OPENAPI, `${await res.text()}\n`);
  console.log(`wrote ${COMMITTED_OPENAPI}`);
} finally {
  await server.close();
}
