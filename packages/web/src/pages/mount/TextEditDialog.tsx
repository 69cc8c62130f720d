/** Edit a text file and save it back; closing with unsaved changes asks first (and so does leaving the page). */
import type { FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { readText } from '../../lib/api/mounts.ts';
import { useConfirm } from '../admin/shared/confirm.tsx';
import { Dialog } from '../admin/shared/Dialog.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

export function TextEditDialog({
  item,
  onClose,
  onSaved,
}: {
  item: FsItem;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const { confirm, confirmHost } = useConfirm();
  const [original, setOriginal] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty = original !== null && text !== original;
  const name = item.name;

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per file.
  useEffect(() => {
    const controller = new AbortController();
    readText(client, item.path, controller.signal).then(
      (body) => {
        setOriginal(body);
        setText(body);
      },
      (err) => {
        if (!controller.signal.aborted) {
          feedback.fail(t`Could not open ${name}`, err);
          onClose();
        }
      },
    );
    return () => controller.abort();
  }, [client, item.path]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  async function save() {
    if (saving) return;
    setSaving(true);
    try {
      await client.fs.update(item.path, text);
      setOriginal(text);
      feedback.ok(t`Saved ${name}`);
      onSaved();
    } catch (err) {
      feedback.fail(t`Could not save ${name}`, err);
    } finally {
      setSaving(false);
    }
  }

  async function close() {
    if (
      dirty &&
      !(await confirm({
        title: t`Discard changes?`,
        body: t`Your changes to ${name} are not saved.`,
        confirmLabel: t`Discard`,
        danger: true,
      }))
    )
      return;
    onClose();
  }

  return (
    <>
      <Dialog
        title={dirty ? t`Edit ${name} (unsaved)` : t`Edit ${name}`}
        name="text-edit"
        wide
        onClose={() => void close()}
        footer={
          <>
            <button type="button" className="button" onClick={() => void close()}>
              {t`Close`}
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => void save()}
              disabled={!dirty || saving}
            >
              {saving ? t`Saving…` : t`Save`}
            </button>
          </>
        }
      >
        {original === null ? (
          <p className="muted">{t`Loading…`}</p>
        ) : (
          <Suspense fallback={<p className="muted">{t`Loading…`}</p>}>
            <CodeEditor
              initial={original}
              label={t`Content of ${name}`}
              onChange={setText}
              onSave={() => void save()}
            />
          </Suspense>
        )}
      </Dialog>
      {confirmHost}
    </>
  );
}
