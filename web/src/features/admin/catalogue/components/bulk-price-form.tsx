// Raise or lower every price of a platform (or one of its categories) by a percentage: a preview of
// each service's old → new rate first, then the change on Confirm. Placed orders keep their price.
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/platforms';
import type { BulkPriceBody, PriceChange } from '@shared/schemas/catalogue';
import { bulkPriceBody } from '@shared/schemas/catalogue';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useChangePrices } from '@/features/admin/catalogue/api/change-prices';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { ApiError } from '@/lib/api-error';
import { formatAmount } from '@/lib/format';

export function BulkPriceForm({ categories, onDone }: { categories: Record<Platform, readonly string[]>; onDone: () => void }) {
  const toast = useToast();
  const change = useChangePrices();
  const [platform, setPlatform] = useState<Platform>('tiktok');
  const [category, setCategory] = useState('');
  const [percent, setPercent] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The preview and the request it answers: Confirm sends exactly that request.
  const [preview, setPreview] = useState<{ body: BulkPriceBody; changes: PriceChange[] } | null>(null);

  const edit = (apply: () => void) => {
    apply();
    setPreview(null);
    setError(null);
  };

  const showPreview = async () => {
    const parsed = bulkPriceBody.safeParse({
      platform,
      percent: percent === '' ? Number.NaN : Number(percent),
      ...(category ? { category } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the percentage');
      return;
    }
    try {
      const answer = await change.mutateAsync({ ...parsed.data, dryRun: true });
      setPreview({ body: parsed.data, changes: answer.changes });
    } catch (failure) {
      setError(adminFailure(failure));
    }
  };

  const confirm = async () => {
    if (!preview) return;
    // The server applies the change only if it is still exactly the previewed one.
    const expected = Object.fromEntries(preview.changes.map((c) => [c._id, { from: c.from, to: c.to }]));
    try {
      const answer = await change.mutateAsync({ ...preview.body, expected });
      toast.success(`✅ ${answer.changes.length} ${answer.changes.length === 1 ? 'price' : 'prices'} changed`);
      onDone();
    } catch (failure) {
      setError(adminFailure(failure));
      if (failure instanceof ApiError && failure.code === 'preview_outdated') {
        // Show what the change would do now; the admin confirms again.
        try {
          const fresh = await change.mutateAsync({ ...preview.body, dryRun: true });
          setPreview({ body: preview.body, changes: fresh.changes });
        } catch {
          setPreview(null);
        }
      }
    }
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Platform"
          value={platform}
          onChange={(e) =>
            edit(() => {
              setPlatform(e.target.value as Platform);
              setCategory('');
            })
          }
        >
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {PLATFORM_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" value={category} onChange={(e) => edit(() => setCategory(e.target.value))}>
          <option value="">All categories</option>
          {categories[platform].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Change (%)"
          type="number"
          inputMode="decimal"
          step="0.01"
          hint="10 raises by 10%, -10 lowers by 10%"
          value={percent}
          onChange={(e) => edit(() => setPercent(e.target.value))}
        />
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {preview ? (
        preview.changes.length === 0 ? (
          <FormAlert tone="info">No price would change.</FormAlert>
        ) : (
          <div className="max-h-72 overflow-y-auto rounded-xl ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">New prices</caption>
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th className="px-3 py-2 font-semibold">Service</th>
                  <th className="px-3 py-2 font-semibold">Rate per 1K</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((c) => (
                  <tr key={c._id} className="border-t border-slate-100">
                    <td className="px-3 py-2">
                      <span className="block font-medium text-slate-900">{c.name}</span>
                      <span className="text-xs text-slate-600">{c.category}</span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {formatAmount(c.from)} → <span className="font-semibold">{formatAmount(c.to)}</span>
                      {c.underMargin ? (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                          {`Under the margin threshold: ${c.marginPercent ?? 0}%`}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {preview && preview.changes.length > 0 ? (
          <Button type="button" loading={change.isPending} onClick={() => void confirm()}>
            Confirm {preview.changes.length} {preview.changes.length === 1 ? 'change' : 'changes'}
          </Button>
        ) : (
          <Button type="button" loading={change.isPending} onClick={() => void showPreview()}>
            Preview
          </Button>
        )}
      </div>
    </div>
  );
}
