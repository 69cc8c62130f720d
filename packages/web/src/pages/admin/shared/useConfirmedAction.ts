/**
 * The shape of every destructive admin action: ask first, run it, report a failure as
 * "<what failed>: <why>", then load the list again so the table shows what the server now holds.
 */
import { type ConfirmOptions, useConfirm } from './confirm.tsx';
import { useFeedback } from './feedback.ts';

export interface BatchOutcome {
  deleted: number;
  failed: { message: string }[];
}

export function useConfirmedAction() {
  const feedback = useFeedback();
  const { confirm, confirmHost } = useConfirm();

  /** `act` does the work and says its success; nothing runs when the question is declined. */
  async function confirmed(
    question: ConfirmOptions,
    failed: string,
    act: () => Promise<void>,
    reload: () => Promise<unknown>,
  ) {
    if (!(await confirm(question))) return;
    try {
      await act();
      await reload();
    } catch (err) {
      feedback.fail(failed, err);
    }
  }

  /** A batch delete's toast: the items' own reasons when some failed, else how many went. */
  function reportBatch(result: BatchOutcome, someFailed: string, deleted: string) {
    if (result.failed.length)
      feedback.fail(someFailed, new Error(result.failed.map((f) => f.message).join('; ')));
    else feedback.ok(deleted);
  }

  return { confirmed, reportBatch, feedback, confirmHost };
}
