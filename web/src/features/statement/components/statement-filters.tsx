// The statement's filters: a range of Pakistan days and a kind of entry. Applied together (the URL
// changes once per Apply, so Back returns to the previous filter). The page keys it by the URL's filter,
// so Back or a link brings that filter into the form.
import { STATEMENT_TYPES } from '@shared/reports';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { isStatementType, type StatementFilter } from '@/features/statement/api/get-statement';
import { TYPE_LABELS } from '@/features/statement/components/statement-table';

export function StatementFilters({ filter, onApply }: { filter: StatementFilter; onApply: (next: StatementFilter) => void }) {
  const [draft, setDraft] = useState(filter);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <search>
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" onSubmit={onSubmit}>
        <TextField
          label="From"
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
        />
        <TextField
          label="To"
          type="date"
          min={draft.from}
          value={draft.to ?? ''}
          onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
        />
        <SelectField
          label="Type"
          value={draft.type ?? ''}
          onChange={(e) => setDraft({ ...draft, type: isStatementType(e.target.value) ? e.target.value : undefined })}
        >
          <option value="">All types</option>
          {STATEMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
    </search>
  );
}
