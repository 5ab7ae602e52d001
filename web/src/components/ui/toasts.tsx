// Toasts: at the top, on the end side (the right in English), announced politely, each closing itself after 3000 ms (the route frame's timing).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { OutlineIcon } from '@/components/ui/outline-icon';

export const TOAST_DURATION_MS = 3000;

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  message: string;
}

interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs <ToastProvider>');
  return value;
}

const tones: Record<Tone, string> = {
  success: 'border-emerald-600 text-emerald-900',
  error: 'border-red-600 text-red-900',
  info: 'border-brand-600 text-slate-900',
};

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDone]);
  return (
    <div
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border-s-4 bg-white px-4 py-3 text-sm font-medium shadow-lg ring-1 ring-slate-200 ${tones[toast.tone]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
        aria-label="Dismiss"
        onClick={() => onDone(toast.id)}
      >
        <OutlineIcon className="size-4">
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </OutlineIcon>
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((tone: Tone, message: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), { id, tone, message }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => push('success', message),
      error: (message) => push('error', message),
      info: (message) => push('info', message),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed top-3 end-3 z-[60] flex w-[calc(100%-1.5rem)] max-w-sm flex-col gap-2 sm:top-4 sm:end-4"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
