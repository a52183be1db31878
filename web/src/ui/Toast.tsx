import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** How long a toast stays before it goes by itself. */
const TOAST_MS = 6_000;

interface Toast {
  id: number;
  message: string;
}

const ToastContext = createContext<((message: string) => void) | null>(null);

/**
 * Short confirmations that outlive the control that caused them ("sessions ended", "copy printed").
 * One polite live region, always present, so screen readers announce each new toast; each can be
 * dismissed and goes by itself after `TOAST_MS`. Problems stay next to their form (Notice, Field).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast" data-testid="toast">
            <span>{toast.message}</span>
            <button type="button" className="toast__close" aria-label={intl.formatMessage({ id: 'common.dismiss' })} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast; needs a `ToastProvider` above (the dashboard frame and the kitchen view have one). */
export function useToast(): (message: string) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
