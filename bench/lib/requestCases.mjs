// The request-path loads the A/B and allocation benches run against one clip server: a health check, a
// counted paste read, a paste create and an API-key check (bench/requests.mjs measures the same four).
export const PASTE_CONTENT =
  '# Release notes\n\n- faster uploads\n- `clip paste` reads stdin\n\nSee https://example.com/notes for more.\n';

/** The autocannon request of load `name` against `url`, with an API key's header and a paste's slug. */
export function requestOf(name, { url, keyHeader, slug }) {
  switch (name) {
    case 'health':
      return { url: `${url}/api/health` };
    case 'read':
      return { url: `${url}/api/paste/${slug}` };
    case 'create':
      return {
        url: `${url}/api/paste`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: keyHeader },
        body: JSON.stringify({ content: PASTE_CONTENT }),
      };
    case 'apikey':
      return { url: `${url}/api/test/api-key`, headers: { authorization: keyHeader } };
    default:
      throw new Error(`unknown case ${name}`);
  }
}
