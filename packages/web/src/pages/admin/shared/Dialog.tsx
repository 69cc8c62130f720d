/**
 * A modal on the native <dialog> element: the browser traps focus, makes the page inert and closes on
 * Escape (reported through onClose). Rendered only while open, so each opening starts fresh.
 */
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import './dialog.css';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons in the footer; with onSubmit the body is a form and a submit button there sends it. */
  footer?: ReactNode;
  onSubmit?(): void;
  wide?: boolean;
  /** For tests and styling: data-dialog attribute. */
  name?: string;
}

export function Dialog({ title, onClose, children, footer, onSubmit, wide, name }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const body = <div className="dialog-body">{children}</div>;
  const foot = footer && <div className="dialog-foot">{footer}</div>;
  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' wide' : ''}`}
      aria-labelledby={titleId}
      data-dialog={name}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
          <Icon name="close" />
        </button>
      </div>
      {onSubmit ? (
        <form
          className="form"
          noValidate
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {body}
          {foot}
        </form>
      ) : (
        <>
          {body}
          {foot}
        </>
      )}
    </dialog>
  );
}
