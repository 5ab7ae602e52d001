// The audit trail: every admin action, newest first, filtered by the admin's email and the kind of
// action; each entry reads as a sentence or two (audit-sentences.ts) naming the account, order or service
// it is about, each a link to its page.
import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from '@shared/audit';
import type { AuditEntry } from '@shared/schemas/reports';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ChoiceField, SearchForm } from '@/components/ui/filter-fields';
import { TextField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { type AuditFilter, useAudit } from '@/features/admin/reports/api/get-audit';
import { auditSentence } from '@/features/admin/reports/components/audit-sentences';
import { ListTable } from '@/features/admin/shared/components/list-table';
import { formatDateTime } from '@/lib/format';

/** The actors that are no admin (uid `system`): the workers, in words. */
const SYSTEM_ACTORS: Record<string, string> = {
  'wallet-autopilot': 'The wallet autopilot',
  'service-sync': 'The service sync',
  forwarding: 'The automatic refund',
};

const actorOf = (entry: AuditEntry) => (entry.byUid === 'system' ? SYSTEM_ACTORS[entry.by] : undefined) ?? (entry.by || '—');

/**
 * The entry's sentence, its names links. Long names, emails and links wrap anywhere inside the cell (min-w-0 lets
 * the phone's stacked cell shrink), so a 60-character email never widens the page past a 360 px screen.
 */
function Sentence({ entry }: { entry: AuditEntry }) {
  return (
    <span className="min-w-0 text-right wrap-anywhere sm:text-left">
      {auditSentence(entry).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Link key={i} to={part.href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {part.text}
          </Link>
        ),
      )}
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
          { header: 'Admin', cell: (entry) => <span className="min-w-0 text-right wrap-anywhere sm:text-left">{actorOf(entry)}</span> },
          { header: 'What happened', cell: (entry) => <Sentence entry={entry} /> },
        ]}
      />
    </Section>
  );
}
