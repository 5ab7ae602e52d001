import { type ReactNode, useEffect, useId, useRef } from 'react';
import { OutlineIcon } from '@/components/ui/outline-icon';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Wider panel on desktop. */
  size?: 'md' | 'lg';
  /**
   * False: no close button, and neither Escape nor the backdrop closes it; only the dialog's own
   * button does (a secret shown once must not vanish with a stray tap).
   */
  dismissible?: boolean;
}

/** A dialog that traps focus, closes on Escape or the backdrop, and gives focus back on close. */
export function Modal({ open, onClose, title, children, size = 'md', dismissible = true }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const dismiss = () => {
    if (dismissible) onCloseRef.current();
  };
  const dismissRef = useRef(dismiss);
  dismissRef.current = dismiss;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    // Listened on the document, so Escape and Tab work even when focus fell out of the panel (a
    // button that disables itself while submitting drops focus to <body>).
    const onKeyDown = (event: KeyboardEvent) => {
      const root = panel.current;
      if (!root) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        dismissRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (!firstItem || !lastItem) {
        event.preventDefault();
        root.focus();
      } else if (!root.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? lastItem : firstItem).focus();
      } else if (event.shiftKey && (active === firstItem || active === root)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-900/60" aria-hidden="true" onClick={dismiss} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl bg-white p-5 shadow-xl sm:rounded-3xl sm:p-6 ${
          size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-md'
        }`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {dismissible ? (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-m-2 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close dialog"
            >
              <OutlineIcon className="size-5">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </OutlineIcon>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}
