// The few API calls benchmarks need to set up their data (an admin token, an API key, a paste).
// Plain fetch, so the setup does not depend on the SDK under test.

async function call(url, { method = 'GET', auth, body } = {}) {
  const headers = { accept: 'application/json' };
  if (auth) headers.authorization = auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await res.json().catch(() => null);
  if (!res.ok || !envelope?.success)
    throw new Error(`${method} ${url} answered ${res.status}: ${envelope?.message ?? 'no envelope'}`);
  return envelope.data;
}

/** Logs in as the bench admin and answers the `Authorization` header value. */
export async function adminAuth(server) {
  const { token } = await call(`${server.url}/api/admin/login`, { method: 'POST', body: server.admin });
  return `Bearer ${token}`;
}

/** Creates an API key with the given permissions through the admin API; answers `{ id, key, header }`. */
export async function createApiKey(server, perms = {}) {
  const auth = await adminAuth(server);
  const key = await call(`${server.url}/api/admin/api-keys`, {
    method: 'POST',
    auth,
    body: {
      name: `bench ${Date.now()}`,
      text_permission: false,
      file_permission: false,
      mount_permission: false,
      ...perms,
    },
  });
  return { id: key.id, key: key.key, header: `ApiKey ${key.key}` };
}

/** Creates a text share and answers its data (slug, url, ...). */
export function createPaste(server, auth, body) {
  return call(`${server.url}/api/paste`, { method: 'POST', auth, body });
}

export { call as apiCall };
