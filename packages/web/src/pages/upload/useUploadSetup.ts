import { MAX_UPLOAD_SIZE_FALLBACK_MB, type StorageConfigView } from '@clip/sdk';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { errorMessage } from '../../i18n/errorMessage.ts';

/** What the upload forms need from the server: the storage configs one may use and the size limit (MB; null until known). */
export function useUploadSetup() {
  useSignals();
  const { client, auth } = useServices();
  const canUpload = auth.isAuthenticated.value && auth.permissions.value.file;
  const [configs, setConfigs] = useState<StorageConfigView[] | null>(null);
  const [configsError, setConfigsError] = useState<string | null>(null);
  // Null until the server answers, so files chosen meanwhile are judged by its limit, not the fallback's.
  const [maxMb, setMaxMb] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    client.system.maxUploadSize().then(
      (r) => live && setMaxMb(r.max_upload_size),
      () => live && setMaxMb(MAX_UPLOAD_SIZE_FALLBACK_MB), // the server checks again anyway
    );
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    if (!canUpload) return;
    let live = true;
    client.storageConfigs.list().then(
      (r) => live && setConfigs(r.items),
      (err) => live && setConfigsError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [client, canUpload]);

  return { canUpload, configs, configsError, maxMb };
}
