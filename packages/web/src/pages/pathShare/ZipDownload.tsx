/**
 * "Download all as ZIP": the server streams the archive with its exact length, so the bytes are read here
 * with a real progress bar, then saved under the archive's name. A refusal (too big for the server's
 * limit) is shown as the server words it.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { downloadFile } from '../../lib/download.ts';

type ZipState =
  | { kind: 'idle' }
  | { kind: 'running'; loaded: number; total: number }
  | { kind: 'failed'; message: string };

async function refusal(res: Response): Promise<string> {
  try {
    return ((await res.json()) as { message?: string }).message ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

export function ZipDownload({ url, filename }: { url: string; filename: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<ZipState>({ kind: 'idle' });

  async function run() {
    setState({ kind: 'running', loaded: 0, total: 0 });
    try {
      const res = await fetch(url);
      if (!res.ok || !res.body) return setState({ kind: 'failed', message: await refusal(res) });
      const total = Number(res.headers.get('content-length')) || 0;
      const parts: Uint8Array[] = [];
      let loaded = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        loaded += value.byteLength;
        setState({ kind: 'running', loaded, total });
      }
      downloadFile(new Blob(parts as BlobPart[], { type: 'application/zip' }), filename);
      setState({ kind: 'idle' });
    } catch (err) {
      setState({ kind: 'failed', message: (err as Error).message });
    }
  }

  return (
    <div className="zip-download">
      <button type="button" className="button" onClick={run} disabled={state.kind === 'running'}>
        {t`Download all as ZIP`}
      </button>
      {state.kind === 'running' && (
        <progress
          aria-label={t`ZIP download progress`}
          value={state.total ? state.loaded : undefined}
          max={state.total || undefined}
        />
      )}
      {state.kind === 'failed' && (
        <p className="field-error" role="alert">
          {t`The ZIP could not be downloaded: ${state.message}`}
        </p>
      )}
    </div>
  );
}
