/** Runs a storage config's connection test and shows each step: list, write, read, delete. */
import type { StorageConfig, StorageTestResult, StorageTestStepName } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { errorMessage } from '../../../i18n/errorMessage.ts';
import { Dialog } from '../shared/Dialog.tsx';

export function TestResultDialog({ config, onClose }: { config: StorageConfig; onClose(): void }) {
  const { t } = useLingui();
  const { client } = useServices();
  const [result, setResult] = useState<StorageTestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [run, setRun] = useState(0);
  const stepName: Record<StorageTestStepName, string> = {
    list: t({ message: 'List', context: 'storage test step' }),
    write: t({ message: 'Write', context: 'storage test step' }),
    read: t`Read back`,
    delete: t`Delete`,
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is bumped to test again.
  useEffect(() => {
    let live = true;
    setResult(null);
    setError(null);
    client.storageConfigs
      .test(config.id)
      .then((r) => live && setResult(r))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [client, config.id, run]);

  const name = config.name;
  return (
    <Dialog
      title={t`Connection test: ${name}`}
      name="config-test"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => setRun((n) => n + 1)}
            disabled={!result && !error}
          >
            {t`Run again`}
          </button>
          <button type="button" className="button primary" onClick={onClose}>
            {t`Close`}
          </button>
        </>
      }
    >
      {error ? (
        <p className="field-error" role="alert">
          {t`The test could not run: ${error}`}
        </p>
      ) : !result ? (
        <p className="muted" aria-live="polite">
          {t`Testing: listing, writing, reading back and deleting a probe object…`}
        </p>
      ) : (
        <>
          <p role="status" data-test-ok={result.ok}>
            {result.ok ? (
              <strong className="text-ok">{t`All steps passed: this storage works.`}</strong>
            ) : (
              <strong className="field-error">{t`The test failed: see the steps below.`}</strong>
            )}
          </p>
          <ol className="steps">
            {result.steps.map((step) => (
              <li key={step.name} data-step={step.name} data-ok={step.ok}>
                <span className={step.ok ? 'ok' : 'bad'} aria-hidden="true">
                  {step.ok ? '✓' : '✗'}
                </span>
                <strong>{stepName[step.name]}</strong>
                <span className="cell-sub">{step.message}</span>
                <span className="cell-sub nowrap">{step.ms} ms</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}
