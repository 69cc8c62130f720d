import { isCancellation, type UploadOptions, uploadFile } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.ts';
import { signInPath } from '../../app/signInReturn.ts';
import { EncryptSwitch } from '../../components/EncryptSwitch.tsx';
import { ShareOptionsFields } from '../../components/ShareOptionsFields.tsx';
import { errorMessage } from '../../i18n/errorMessage.ts';
import {
  DEFAULT_SHARE_OPTIONS,
  type ShareOptions,
  shareOptionsBody,
  validateShareOptions,
} from '../../lib/shareOptions.ts';
import { formatMegabytes } from '../admin/shared/format.ts';
import { DropZone } from './DropZone.tsx';
import { RecentUploads } from './RecentUploads.tsx';
import { StorageFields } from './StorageFields.tsx';
import { UploadList } from './UploadList.tsx';
import { UrlUpload } from './UrlUpload.tsx';
import {
  addFiles,
  applyLimit,
  clearFinished,
  maxUploadBytes,
  pendingItems,
  type QueueItem,
  removeItem,
  updateItem,
} from './uploadQueue.ts';
import { useUploadSetup } from './useUploadSetup.ts';
import './upload.css';

type Tab = 'files' | 'url';

/** File upload (spec section 2): files by drop, picker or paste, or a URL; with share options. */
export default function UploadPage() {
  const { t } = useLingui();
  useSignals();
  const { client, auth } = useServices();
  const { canUpload, configs, configsError, maxMb } = useUploadSetup();
  const [tab, setTab] = useState<Tab>('files');
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [configChoice, setConfigChoice] = useState('');
  const [path, setPath] = useState('');
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_SHARE_OPTIONS);
  const [attempted, setAttempted] = useState(false);
  const [encrypt, setEncrypt] = useState(false);
  const [running, setRunning] = useState(false);
  const [recentKey, setRecentKey] = useState(0);
  const controllers = useRef(new Map<string, AbortController>());
  const queueRef = useRef(queue);
  queueRef.current = queue;

  const configId = configChoice || configs?.find((c) => c.is_default)?.id || configs?.[0]?.id || '';
  const problems = validateShareOptions(options);
  const several =
    tab === 'files' && queue.filter((i) => i.status === 'pending' || i.status === 'uploading').length > 1;
  const storageProblem = attempted && !configId ? t`Choose a storage config` : null;

  const uploadOptions = (withSlug: boolean): UploadOptions => {
    const share = shareOptionsBody(options);
    if (!withSlug) delete share.slug;
    return { ...share, s3_config_id: configId || undefined, path: path.trim() || undefined };
  };
  const validate = () => {
    setAttempted(true);
    return Boolean(configId) && Object.keys(problems).length === 0;
  };
  const set = (fn: (q: QueueItem[]) => QueueItem[]) => {
    queueRef.current = fn(queueRef.current);
    setQueue(queueRef.current);
  };
  // Files chosen before the server's limit arrived are checked once it does.
  useEffect(() => {
    const limited = applyLimit(queueRef.current, maxUploadBytes(maxMb));
    if (limited === queueRef.current) return;
    queueRef.current = limited;
    setQueue(limited);
  }, [maxMb]);

  async function uploadAll() {
    const pending = pendingItems(queueRef.current);
    if (!validate()) return;
    if (pending.length === 0) return;
    setRunning(true);
    const withSlug = pending.length === 1;
    for (const item of pending) {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      set((q) => updateItem(q, item.id, { status: 'uploading', percent: 0, stage: 'starting' }));
      try {
        const result = await uploadFile(client, item.file, {
          ...uploadOptions(withSlug),
          encrypt,
          signal: controller.signal,
          onProgress: (p) => set((q) => updateItem(q, item.id, { percent: p.percent, stage: p.stage })),
        });
        set((q) => updateItem(q, item.id, { status: 'success', percent: 100, stage: 'completed', result }));
        setRecentKey((n) => n + 1);
      } catch (err) {
        const problem = isCancellation(err)
          ? ({ code: 'cancelled' } as const)
          : ({ code: 'failed', message: errorMessage(err) } as const);
        set((q) => updateItem(q, item.id, { status: 'error', problem }));
      } finally {
        controllers.current.delete(item.id);
      }
    }
    setRunning(false);
    setOptions((o) => ({ ...o, slug: '' }));
  }

  if (!canUpload)
    return (
      <section className="page narrow">
        <h1>{t`Upload files`}</h1>
        {auth.isAuthenticated.value ? (
          <p className="notice" role="note">
            {t`This API key lacks the file permission, which uploading needs. Ask the admin for a key with file permission, or sign in with another.`}
          </p>
        ) : (
          <p className="notice" role="note">
            {t`Uploading needs the admin account or an API key with file permission.`}{' '}
            <Link to={signInPath('/upload')}>{t`Sign in`}</Link>
          </p>
        )}
      </section>
    );

  const pendingCount = pendingItems(queue).length;
  const maxLabel = maxMb === null ? null : formatMegabytes(maxMb);
  return (
    <div className="upload-page">
      <h1>{t`Upload files`}</h1>
      <div className="side-grid upload-grid">
        <section className="card upload-main">
          <div className="tabs" role="tablist" aria-label={t`Upload method`}>
            {(['files', 'url'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                className={`tab${tab === value ? ' active' : ''}`}
                onClick={() => setTab(value)}
              >
                {value === 'files' ? t`Files` : t`From a URL`}
              </button>
            ))}
          </div>
          {tab === 'files' ? (
            <>
              <DropZone onFiles={(files) => set((q) => addFiles(q, files, maxUploadBytes(maxMb)))} />
              {maxLabel !== null && <p className="muted">{t`Up to ${maxLabel} per file.`}</p>}
              <UploadList
                items={queue}
                maxMb={maxMb}
                onRemove={(id) => set((q) => removeItem(q, id))}
                onCancel={(id) => controllers.current.get(id)?.abort()}
              />
              <div className="actions">
                <button
                  type="button"
                  className="button primary"
                  onClick={uploadAll}
                  disabled={running || pendingCount === 0}
                >
                  {running ? t`Uploading…` : pendingCount > 1 ? t`Upload ${pendingCount} files` : t`Upload`}
                </button>
                {queue.some((i) => i.status === 'success' || i.status === 'error') && (
                  <button type="button" className="button" onClick={() => set(clearFinished)}>
                    {t`Clear finished`}
                  </button>
                )}
              </div>
              {attempted && pendingCount === 0 && queue.length === 0 && (
                <p className="field-error" role="alert">
                  {t`Choose at least one file`}
                </p>
              )}
            </>
          ) : (
            <UrlUpload
              options={() => uploadOptions(true)}
              validate={validate}
              onDone={() => setRecentKey((n) => n + 1)}
            />
          )}
        </section>
        <aside className="card">
          <h2>{t`Options`}</h2>
          {configsError && (
            <p className="field-error" role="alert">
              {configsError}
            </p>
          )}
          <div className="share-options">
            <StorageFields
              configs={configs}
              configId={configId}
              onConfigId={setConfigChoice}
              path={path}
              onPath={setPath}
              problem={storageProblem}
            />
          </div>
          {tab === 'files' && <EncryptSwitch checked={encrypt} onChange={setEncrypt} />}
          <ShareOptionsFields
            value={options}
            onChange={setOptions}
            problems={
              attempted
                ? problems
                : { slug: options.slug ? problems.slug : undefined, maxViews: problems.maxViews }
            }
            expiryPresets
            slugDisabledReason={several ? t`Only for a single file` : undefined}
          />
        </aside>
      </div>
      <RecentUploads
        refreshKey={recentKey}
        onDeleted={(id) => set((q) => q.filter((item) => item.result?.id !== id))}
      />
    </div>
  );
}
