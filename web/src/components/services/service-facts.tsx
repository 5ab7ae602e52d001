// A service's own facts, on /order for the chosen service and on /services: its refill window and cancel, the
// figures measured from its orders (or "New"), the admin's badges its facts do not contradict (shared/service-figures).
import type { Service } from '@shared/answers';
import { type ServiceFact, serviceFacts } from '@shared/service-figures';

const TONE: Record<ServiceFact['kind'], string> = {
  term: 'bg-white text-slate-700 ring-slate-200',
  figure: 'bg-white text-slate-700 ring-slate-200',
  new: 'bg-amber-50 text-amber-900 ring-amber-200',
  badge: 'bg-brand-50 text-brand-800 ring-brand-200',
};

export function ServiceFacts({ service, className = '' }: { service: Service; className?: string }) {
  return (
    <ul aria-label="About this service" className={`flex flex-wrap gap-2 ${className}`}>
      {serviceFacts(service).map((fact) => (
        <li
          key={`${fact.kind}:${fact.label ?? ''}:${fact.value}`}
          title={fact.detail}
          className={`max-w-full rounded-full px-3 py-1.5 text-xs wrap-anywhere ring-1 ${TONE[fact.kind]}`}
        >
          {fact.label ? `${fact.label} ` : null}
          <span className="font-semibold">{fact.value}</span>
          {fact.detail ? <span className="sr-only"> ({fact.detail})</span> : null}
        </li>
      ))}
    </ul>
  );
}
