// Tabs that choose which state of a list is shown (arrow keys, Home and End move between them). They
// wrap onto a second line on a phone rather than widen the page, and each is a 44 px tap target there.
import type { ReactNode } from 'react';
import { useTablist } from '@/components/ui/use-tablist';

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
  const selected = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );
  const { baseId, tabProps } = useTablist(tabs.length, selected, (index) => {
    const tab = tabs[index];
    if (tab) onChange(tab.value);
  });

  return (
    <div className="space-y-3">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
        {tabs.map((tab, index) => (
          <button
            key={tab.value}
            {...tabProps(index)}
            id={`${baseId}-tab-${tab.value}`}
            aria-controls={`${baseId}-panel`}
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
