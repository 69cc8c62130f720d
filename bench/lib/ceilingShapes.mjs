// The request shapes clip's pages send a file in, replayed against the bare upload sink (uploadSink.mjs)
// to find what Chromium itself can send on this machine: the upload page's one XHR POST of a FormData
// (packages/sdk/src/upload/sources/blob.ts), the File itself as the body, and the explorer's parts
// (`blob.slice()` bodies POSTed by fetch, a few at once: packages/sdk/src/fs/upload.ts).

const MIB = 1024 * 1024;

/**
 * Shapes from a spec like `form,file,parts:5x6` (BENCH_CEILING): `form` one FormData POST, `file` one
 * POST of the File, `parts:<MiB>x<in flight>` parts of that size, that many at once.
 */
export function ceilingShapes(spec = 'form,file,parts:5x6,parts:16x6,parts:64x6') {
  return spec.split(',').map((s) => {
    if (s === 'form') return { key: 'ceil-form', label: 'one POST of a FormData (XHR)', shape: 'form' };
    if (s === 'file') return { key: 'ceil-file', label: 'one POST of the File (XHR)', shape: 'file' };
    const m = /^parts:(\d+)x(\d+)$/.exec(s);
    if (!m) throw new Error(`BENCH_CEILING: unknown shape "${s}" (form, file, parts:<MiB>x<in flight>)`);
    const [partMiB, inFlight] = [Number(m[1]), Number(m[2])];
    return {
      key: `ceil-parts-${partMiB}x${inFlight}`,
      label: `${partMiB} MiB parts, ${inFlight} at once (fetch)`,
      shape: 'parts',
      partBytes: partMiB * MIB,
      inFlight,
    };
  });
}

/**
 * Runs in the sink's page (page.evaluate): sends the input's file in `shape`; answers the bytes the sink
 * counted. Mirrors the SDK: a progress listener on the XHR, an Authorization header, JSON answers read.
 */
export async function sendInPage({ shape, partBytes, inFlight }) {
  const file = document.querySelector('input[type=file]').files[0];
  const headers = { authorization: 'Bearer bench' };
  const xhrPost = (url, body) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      let sent = 0;
      xhr.upload.onprogress = (e) => {
        sent = e.loaded;
      };
      xhr.onload = () =>
        xhr.status === 200
          ? resolve(JSON.parse(xhr.responseText).received)
          : reject(new Error(`${xhr.status}`));
      xhr.onerror = () => reject(new Error(`network error after ${sent} bytes`));
      xhr.send(body);
    });
  if (shape === 'form') {
    const form = new FormData();
    form.append('s3_config_id', '');
    form.append('path', '');
    form.append('file', file, file.name);
    return xhrPost('/form', form);
  }
  if (shape === 'file') return xhrPost('/file', file);
  const count = Math.ceil(file.size / partBytes);
  let next = 0;
  let received = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const res = await fetch(`/part?n=${n + 1}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: file.slice(n * partBytes, Math.min((n + 1) * partBytes, file.size)),
      });
      if (!res.ok) throw new Error(`part ${n + 1}: ${res.status}`);
      // Read first, then add: `received += await ...` would add to the value read before the await.
      const got = (await res.json()).received;
      received += got;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return received;
}
