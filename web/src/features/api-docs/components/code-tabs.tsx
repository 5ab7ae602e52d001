import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import type { CodeSample } from '@/features/api-docs/examples';
import { CodeBlock } from './code-block';

/** One sample per language as tabs (arrow keys, Home and End move between them), each with a copy button. */
export function CodeTabs({ samples, label }: { samples: readonly CodeSample[]; label: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + samples.length) % samples.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: samples.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
        {samples.map((sample, index) => (
          <button
            key={sample.language}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${sample.language}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${sample.language}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${
              index === selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {sample.label}
          </button>
        ))}
      </div>
      {samples.map((sample, index) => (
        <div
          key={sample.language}
          role="tabpanel"
          id={`${baseId}-panel-${sample.language}`}
          aria-labelledby={`${baseId}-tab-${sample.language}`}
          hidden={index !== selected}
          className="pt-3"
        >
          <div className="mb-2 flex justify-end">
            <CopyButton value={sample.code} label={`${sample.label} example`} />
          </div>
          <CodeBlock code={sample.code} />
        </div>
      ))}
    </div>
  );
}
