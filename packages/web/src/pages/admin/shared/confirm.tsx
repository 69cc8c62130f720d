/**
 * Confirmations as a promise: `if (await confirm({...})) remove()`. One host per module renders the
 * pending question; the danger style and an explicit action label say what will happen.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useState } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve(answer: boolean): void;
}

export function useConfirm(): { confirm(options: ConfirmOptions): Promise<boolean>; confirmHost: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ ...options, resolve })),
    [],
  );
  const answer = (value: boolean) => {
    pending?.resolve(value);
    setPending(null);
  };
  const confirmHost = pending && <ConfirmDialog {...pending} onAnswer={answer} />;
  return { confirm, confirmHost };
}

function ConfirmDialog({
  title,
  body,
  confirmLabel,
  danger,
  onAnswer,
}: ConfirmOptions & { onAnswer(v: boolean): void }) {
  const { t } = useLingui();
  return (
    <Dialog
      title={title}
      name="confirm"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" className="button" onClick={() => onAnswer(false)}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'danger' : 'primary'}`}
            onClick={() => onAnswer(true)}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div>{body}</div>
    </Dialog>
  );
}
