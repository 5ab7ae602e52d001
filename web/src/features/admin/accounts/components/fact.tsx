import type { ReactNode } from 'react';

/** One figure of an account on its page (inside a <dl>): its label, then its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
