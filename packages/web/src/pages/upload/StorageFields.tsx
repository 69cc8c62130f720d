import type { StorageConfigView } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { configDisplayName } from '../../i18n/configName.ts';

interface Props {
  configs: StorageConfigView[] | null;
  configId: string;
  onConfigId: (id: string) => void;
  path: string;
  onPath: (path: string) => void;
  problem: string | null;
}

/** Where the file goes: the storage config and a folder below its root. */
export function StorageFields({ configs, configId, onConfigId, path, onPath, problem }: Props) {
  const { t } = useLingui();
  return (
    <>
      <label className="field">
        <span>{t`Storage`}</span>
        <select
          name="storageConfig"
          value={configId}
          onChange={(e) => onConfigId(e.target.value)}
          disabled={!configs}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'storage-problem' : undefined}
        >
          {!configs && <option value="">{t`Loading…`}</option>}
          {configs?.length === 0 && <option value="">{t`No storage available`}</option>}
          {configs?.map((c) => {
            const name = configDisplayName(c);
            return (
              <option key={c.id} value={c.id}>
                {c.is_default ? t`${name} (default)` : name}
              </option>
            );
          })}
        </select>
      </label>
      {problem && (
        <p className="field-error" id="storage-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label className="field-control">
          <span>{t`Storage path`}</span>
          <input
            name="path"
            value={path}
            placeholder="/"
            onChange={(e) => onPath(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="storage-path-hint"
          />
        </label>
        <span className="field-hint" id="storage-path-hint">
          {t`A folder below the storage's root, e.g. /docs`}
        </span>
      </div>
    </>
  );
}
