import { useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { useTablist } from '@/components/ui/use-tablist';
import type { CodeSample } from '@/features/api-docs/examples';
import { CodeBlock } from './code-block';

/** One sample per language as tabs (arrow keys, Home and End move between them), each with a copy button. */
export function CodeTabs({ samples, label }: { samples: readonly CodeSample[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const { baseId, tabProps } = useTablist(samples.length, selected, setSelected);

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200">
        {samples.map((sample, index) => (
          <button
            key={sample.language}
            {...tabProps(index)}
            id={`${baseId}-tab-${sample.language}`}
            aria-controls={`${baseId}-panel-${sample.language}`}
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
