// Settings → Price tiers (issue 34): the table of tiers a customer earns by lifetime credited top-ups, each a
// discount off every list rate (GET/PUT /api/admin/tiers, the whole table at once).
import { PRICING_LIMITS, type TierWire, tiersBody } from '@shared/schemas/pricing';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useTiers } from '@/features/admin/accounts/api/get-tiers';
import { useSaveTiers } from '@/features/admin/accounts/api/save-tiers';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { SettingsSection } from '@/features/admin/shared/components/settings-section';
import { numberOf } from '@/features/admin/shared/hooks/use-settings-form';
import { ApiError } from '@/lib/api-error';

const FIELDS = ['name', 'threshold', 'percent'] as const;
type TierField = (typeof FIELDS)[number];

interface Row {
  /** The row's React key: a row keeps its inputs when one above it is removed. */
  key: number;
  /** The saved tier's id (none for a new row): sent back, so a renamed tier keeps its customers. */
  id?: string;
  name: string;
  threshold: string;
  percent: string;
}

/** A row's field as the schema's issues and the server's `field` name it: "tiers.2.percent". */
const fieldKey = (index: number, field: TierField) => `tiers.${index}.${field}`;

const sameName = (name: string) => name.toLocaleLowerCase('en');

// tiersBody says a name or threshold is used twice of the whole table; the form says it under the row that repeats one.
const formSchema = tiersBody.check(
  z.superRefine(({ tiers }, ctx) => {
    tiers.forEach((tier, index) => {
      const earlier = tiers.slice(0, index);
      if (earlier.some((t) => sameName(t.name) === sameName(tier.name))) {
        ctx.addIssue({ code: 'custom', path: ['tiers', index, 'name'], message: 'Another tier has this name' });
      }
      if (earlier.some((t) => t.threshold === tier.threshold)) {
        ctx.addIssue({ code: 'custom', path: ['tiers', index, 'threshold'], message: 'Another tier has this threshold' });
      }
    });
  }),
);

function Form({ tiers }: { tiers: TierWire[] }) {
  const toast = useToast();
  const save = useSaveTiers();
  const nextKey = useRef(0);
  const rowsOf = (saved: TierWire[]): Row[] =>
    saved.map((t) => ({ key: nextKey.current++, id: t.id, name: t.name, threshold: String(t.threshold), percent: String(t.percent) }));
  const [rows, setRows] = useState<Row[]>(() => rowsOf(tiers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const full = rows.length >= PRICING_LIMITS.tiers;

  const change = (index: number, field: TierField, value: string) => {
    setRows((all) => all.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    // What was wrong with the field goes once it is typed again.
    setErrors(({ [fieldKey(index, field)]: _, ...rest }) => rest);
  };
  // Errors name rows by their place: once rows move, the old ones would stand under the wrong row.
  const add = () => {
    setRows((all) => [...all, { key: nextKey.current++, name: '', threshold: '', percent: '' }]);
    setErrors({});
  };
  const remove = (index: number) => {
    setRows((all) => all.filter((_, i) => i !== index));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = formSchema.safeParse({
      tiers: rows.map((row) => ({
        ...(row.id !== undefined ? { id: row.id } : {}),
        name: row.name,
        threshold: numberOf(row.threshold),
        percent: numberOf(row.percent),
      })),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(found);
      // A message of the whole table (too many tiers) only where no row says what is wrong.
      const table = found.tiers;
      if (table && Object.keys(found).length === 1) setFailure(`❌ ${table}`);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      setRows(rowsOf(answer.tiers));
      toast.success(`✅ ${answer.message}`);
    } catch (error) {
      const field = error instanceof ApiError && error.code === 'invalid_input' ? error.field : undefined;
      if (field && rows.some((_, index) => FIELDS.some((f) => fieldKey(index, f) === field))) {
        setErrors({ [field]: (error as ApiError).message });
      } else {
        setFailure(adminFailure(error));
      }
    }
  };

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {rows.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">No tiers: every customer pays the list rates.</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, index) => (
            <li key={row.key}>
              <fieldset className="grid gap-3 rounded-xl p-3 ring-1 ring-slate-200 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-start">
                <legend className="px-1 text-sm font-semibold text-slate-900">Tier {index + 1}</legend>
                <TextField
                  label="Name"
                  autoComplete="off"
                  dir="auto"
                  maxLength={PRICING_LIMITS.tierName}
                  value={row.name}
                  error={errors[fieldKey(index, 'name')]}
                  onChange={(e) => change(index, 'name', e.target.value)}
                />
                <TextField
                  label="Threshold (Rs)"
                  inputMode="decimal"
                  dir="ltr"
                  autoComplete="off"
                  value={row.threshold}
                  error={errors[fieldKey(index, 'threshold')]}
                  onChange={(e) => change(index, 'threshold', e.target.value)}
                />
                <TextField
                  label="Percent off (%)"
                  inputMode="decimal"
                  dir="ltr"
                  autoComplete="off"
                  value={row.percent}
                  error={errors[fieldKey(index, 'percent')]}
                  onChange={(e) => change(index, 'percent', e.target.value)}
                />
                <Button
                  variant="secondary"
                  className="sm:mt-6.5"
                  aria-label={`Remove tier ${index + 1}${row.name.trim() ? ` (${row.name.trim()})` : ''}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={add} disabled={full}>
          Add a tier
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save tiers
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        {full
          ? `At most ${PRICING_LIMITS.tiers} tiers.`
          : `A threshold of 0 is every customer’s tier. A customer’s own percent or fixed rates win over their tier.`}
      </p>
    </form>
  );
}

export function TiersForm() {
  const tiers = useTiers();
  return (
    <SettingsSection
      id="tiers-heading"
      title="Price tiers"
      description="Customers move up when their lifetime credited top-ups reach a threshold; they never move down by themselves."
      settings={tiers}
      loadError="Could not load the price tiers."
    >
      {/* Re-keyed by each answer: another admin's save, read again, is what the form edits, not the table it first showed. */}
      {(data) => <Form key={tiers.dataUpdatedAt} tiers={data.tiers} />}
    </SettingsSection>
  );
}
