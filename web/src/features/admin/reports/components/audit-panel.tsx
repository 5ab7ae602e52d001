// The audit trail: every admin action, newest first, filtered by the admin's email and the kind of
// action; each entry shows what changed as "field: before → after".
import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from '@shared/audit';
import type { AuditEntry } from '@shared/schemas/reports';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ChoiceField, SearchForm } from '@/components/ui/filter-fields';
import { TextField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { type AuditFilter, useAudit } from '@/features/admin/reports/api/get-audit';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { formatAmount, formatDateTime } from '@/lib/format';

/** The fields the trail records in rupees (balances, amounts, refunds, rates per 1000). */
const RUPEE_FIELDS = new Set(['amount', 'balance', 'refund', 'ratePer1000']);

/**
 * A recorded value for people: rupee fields as amounts (Rs 1,250.50), text as it is, nothing as "—",
 * a map of rates (a bulk price change) as amounts, anything else structured as compact JSON.
 */
export function formatAuditValue(value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'number' && RUPEE_FIELDS.has(field)) return formatAmount(value);
  if (field === 'rates' && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'number')) {
    return Object.entries(value as Record<string, number>)
      .map(([id, rate]) => `${id} ${formatAmount(rate)}`)
      .join(', ');
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 199)}…` : json;
}

/** One line per field the action touched, in the order first seen: before → after. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => ({ field, before: formatAuditValue(before[field], field), after: formatAuditValue(after[field], field) }))
    .filter((change) => change.before !== change.after);
}

const linkClass = 'text-brand-700 underline-offset-2 hover:underline';

/** The subject as a link to its page where it has one (an account, an order), else as text. */
function Subject({ subject }: { subject: string }) {
  const [kind, id] = subject.split('/', 2);
  const href = id && kind === 'users' ? paths.adminUser.getHref(id) : id && kind === 'orders' ? paths.adminOrders.getHref({ q: id }) : null;
  const text = <span className="font-mono text-xs break-all">{subject}</span>;
  return href ? (
    <Link to={href} className={linkClass}>
      {text}
    </Link>
  ) : (
    text
  );
}

/** A recorded value; an account id opens that account's page. */
function Value({ field, value }: { field: string; value: string }) {
  if (field !== 'userId' || value === '—') return <>{value}</>;
  return (
    <Link to={paths.adminUser.getHref(value)} className={linkClass}>
      {value}
    </Link>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <span className="min-w-0 text-right sm:text-left">
      {changes.length === 0 ? <span className="text-slate-600">—</span> : null}
      {changes.map((change) => (
        <span key={change.field} className="block text-xs break-all">
          <span className="font-semibold">{change.field}</span>: <Value field={change.field} value={change.before} /> →{' '}
          <Value field={change.field} value={change.after} />
        </span>
      ))}
      {entry.reason ? <span className="block text-xs text-slate-700">Reason: {entry.reason}</span> : null}
    </span>
  );
}

function filterFrom(params: URLSearchParams): AuditFilter {
  const type = params.get('type');
  return {
    actor: params.get('actor') || undefined,
    type: AUDIT_TYPES.includes(type as AuditType) ? (type as AuditType) : undefined,
  };
}

export function AuditPanel() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const entries = useAudit(filter);
  const [actor, setActor] = useState(filter.actor ?? '');

  const apply = (next: AuditFilter) => {
    const search = new URLSearchParams();
    if (next.actor) search.set('actor', next.actor);
    if (next.type) search.set('type', next.type);
    setParams(search);
  };

  return (
    <Section id="audit-heading" title="Audit entries" hideTitle>
      <SearchForm
        className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        submitLabel="Filter"
        onSearch={() => apply({ ...filter, actor: actor.trim() || undefined })}
      >
        <TextField
          label="Admin email or uid"
          autoComplete="off"
          spellCheck={false}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
        <ChoiceField
          label="Action"
          all="All actions"
          options={AUDIT_TYPES}
          labelOf={(type) => AUDIT_TYPE_LABELS[type]}
          value={filter.type}
          onChange={(type) => apply({ ...filter, type })}
        />
      </SearchForm>
      <ListTable
        list={entries}
        caption="Audit trail"
        emptyText="No audit entries."
        errorText="Could not load the audit trail."
        columns={[
          { header: 'When', cell: (entry) => formatDateTime(entry.at) },
          { header: 'Admin', cell: (entry) => <span className="break-all">{entry.by || '—'}</span> },
          { header: 'Action', cell: (entry) => AUDIT_TYPE_LABELS[entry.action] },
          { header: 'Subject', cell: (entry) => <Subject subject={entry.subject} /> },
          { header: 'Before → after', className: 'sm:max-w-md', cell: (entry) => <Changes entry={entry} /> },
        ]}
      />
    </Section>
  );
}
