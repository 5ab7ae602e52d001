// Tabs that choose which state of a list is shown (arrow keys, Home and End move between them). They
// wrap onto a second line on a phone rather than widen the page, and each is a 44 px tap target there.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface StatusTab<Value extends string> {
  value: Value;
  label: string;
}

export function StatusTabs<Value extends string>({
  label,
  tabs,
  value,
  onChange,
  intro,
  children,
}: {
  label: string;
  tabs: readonly StatusTab<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** A line above the content, e.g. in which order the chosen state's rows come. */
  intro?: ReactNode;
  /** The chosen state's content (the tab panel). */
  children: ReactNode;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    buttons.current[next]?.focus();
  };

  return (
    <div className="space-y-3">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.value}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={onKeyDown}
            className={`min-h-11 rounded-full px-3 text-sm font-semibold ring-1 ring-inset sm:min-h-9 sm:px-4 ${
              index === selected ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tabs[selected]?.value ?? ''}`}>
        {intro === undefined ? (
          children
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{intro}</p>
            {children}
          </div>
        )}
      </div>
    </div>
  );
}
