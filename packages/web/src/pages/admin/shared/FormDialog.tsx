import { useLingui } from '@lingui/react/macro';
import { Dialog, type DialogProps } from './Dialog.tsx';
import { SubmitButton } from './FormFields.tsx';

/**
 * A dialog whose body is a form, with Cancel and a submit button that reads "Saving…" while the save
 * runs (`saving` from useFormSave). `submitLabel` names what the button does when "Save" is not it.
 */
export function FormDialog({
  saving,
  submitLabel,
  onSubmit,
  onClose,
  ...dialog
}: Omit<DialogProps, 'footer' | 'onSubmit'> & { saving: boolean; submitLabel?: string; onSubmit(): void }) {
  const { t } = useLingui();
  return (
    <Dialog
      {...dialog}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <SubmitButton saving={saving} label={submitLabel ?? t`Save`} />
        </>
      }
    />
  );
}
