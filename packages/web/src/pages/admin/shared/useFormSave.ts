import { useState } from 'react';
import { useFeedback } from './feedback.ts';

/**
 * The save of an admin form: its problems show once a save was tried, the submit button waits while
 * one runs, and a failure is a toast that names what failed.
 */
export function useFormSave() {
  const feedback = useFeedback();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save({ valid, failure, run }: { valid: boolean; failure: string; run(): Promise<void> }) {
    setTried(true);
    if (!valid) return;
    setSaving(true);
    try {
      await run();
    } catch (err) {
      feedback.fail(failure, err);
    } finally {
      setSaving(false);
    }
  }

  return {
    tried,
    saving,
    save,
    /** Hide the problems again, for a form that stays open after a save. */
    untry: () => setTried(false),
    ok: feedback.ok,
  };
}
