/** The task manager's words for statuses, task types and copy phases, in the current language. */
import { useLingui } from '@lingui/react/macro';

export function useTaskTexts() {
  const { t } = useLingui();
  const statuses: Record<string, string> = {
    pending: t`Pending`,
    running: t`Running`,
    completed: t`Completed`,
    partial: t`Partly completed`,
    failed: t`Failed`,
    cancelled: t`Cancelled`,
    interrupted: t`Interrupted`,
  };
  const types: Record<string, string> = {
    copy: t`Copy`,
    upload: t`Upload`,
    delete: t`Delete`,
    download: t`Download`,
  };
  const phases: Record<string, string> = {
    starting: t`Preparing`,
    downloading: t`Downloading`,
    uploading: t`Uploading`,
    committing: t`Verifying`,
  };
  return {
    status: (s: string) => statuses[s] ?? s,
    type: (s: string) => types[s] ?? s,
    phase: (s: string) => phases[s] ?? s,
  };
}
