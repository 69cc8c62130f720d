import { useSignals } from '@preact/signals-react/runtime';
import { useServices } from '../app/services.ts';

export function Toasts() {
  useSignals();
  const { toasts } = useServices();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.toasts.value.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}${toast.leaving ? ' leaving' : ''}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
