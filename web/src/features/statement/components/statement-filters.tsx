// The statement's filters: a range of Pakistan days and a kind of entry. Applied together (the URL
// changes once per Apply, so Back returns to the previous filter). The page keys it by the URL's filter,
// so Back or a link brings that filter into the form.
import { STATEMENT_TYPES } from '@shared/reports';
import { ChoiceField, DateRangeFields, FilterActions, useFilterDraft } from '@/components/ui/filter-fields';
import { isStatementType, type StatementFilter } from '@/features/statement/api/get-statement';
import { TYPE_LABELS } from '@/features/statement/components/statement-table';

export function StatementFilters({ filter, onApply }: { filter: StatementFilter; onApply: (next: StatementFilter) => void }) {
  const { draft, clears, set, submit, clear } = useFilterDraft(filter, onApply);
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={submit}>
        <DateRangeFields key={clears} range={draft} onChange={set} bounded />
        <ChoiceField
          label="Type"
          all="All types"
          options={STATEMENT_TYPES}
          labelOf={(type) => TYPE_LABELS[type]}
          value={draft.type}
          onChange={(type) => set({ type: type && isStatementType(type) ? type : undefined })}
        />
        <FilterActions applyLabel="Apply" onClear={clear} />
      </form>
    </search>
  );
}
