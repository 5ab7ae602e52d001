// A platform's categories: the order the order page shows them in (move up or down, then save), and
// a rename that moves every service of the category.
import { SERVICE_LIMITS } from '@shared/catalogue';
import { PLATFORM_LABELS, type Platform } from '@shared/platforms';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useRenameCategory, useReorderCategories } from '@/features/admin/catalogue/api/update-categories';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';

export function CategoriesEditor({ platform, categories }: { platform: Platform; categories: readonly string[] }) {
  const toast = useToast();
  const toasted = useToastedAction();
  const reorder = useReorderCategories();
  const rename = useRenameCategory();
  // The admin's unsaved order; null while it is the saved one.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<{ from: string; to: string; error?: string } | null>(null);
  const order = draft ?? [...categories];

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    setDraft(next);
  };

  const save = async () => {
    if (await toasted(() => reorder.mutateAsync({ platform, order }), `✅ ${PLATFORM_LABELS[platform]} categories reordered`))
      setDraft(null);
  };

  const submitRename = async () => {
    if (!renaming) return;
    const to = renaming.to.trim();
    if (!to) return setRenaming({ ...renaming, error: 'Category is required' });
    try {
      const answer = await rename.mutateAsync({ platform, from: renaming.from, to });
      setRenaming(null);
      setDraft(null);
      toast.success(`✅ ${renaming.from} renamed to ${to} (${answer.renamed} ${answer.renamed === 1 ? 'service' : 'services'})`);
    } catch (error) {
      setRenaming({ ...renaming, error: adminFailure(error) });
    }
  };

  return (
    <section aria-labelledby={`categories-${platform}`} className="space-y-3">
      <h3 id={`categories-${platform}`} className="text-sm font-semibold text-slate-900">
        {PLATFORM_LABELS[platform]} categories
      </h3>
      {order.length === 0 ? <p className="text-sm text-slate-600">No categories yet.</p> : null}
      <ol className="space-y-1">
        {order.map((category, index) => (
          <li key={category} className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-1.5 text-sm">
            <span className="flex-1 font-medium text-slate-900">{category}</span>
            <Button size="sm" variant="ghost" aria-label={`Move ${category} up`} disabled={index === 0} onClick={() => move(index, -1)}>
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${category} down`}
              disabled={index === order.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Rename ${category}`}
              onClick={() => setRenaming({ from: category, to: category })}
            >
              Rename
            </Button>
          </li>
        ))}
      </ol>
      {draft ? (
        <div className="flex gap-2">
          <Button size="sm" loading={reorder.isPending} onClick={() => void save()}>
            Save order
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
            Undo
          </Button>
        </div>
      ) : null}
      <Modal open={renaming !== null} onClose={() => setRenaming(null)} title={`Rename ${renaming?.from ?? ''}`}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submitRename();
          }}
        >
          <TextField
            label="New name"
            autoComplete="off"
            maxLength={SERVICE_LIMITS.category}
            hint="Every service of the category moves to the new name; a name already in use merges the two."
            value={renaming?.to ?? ''}
            error={renaming?.error}
            onChange={(event) => renaming && setRenaming({ from: renaming.from, to: event.target.value })}
            data-autofocus
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setRenaming(null)}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Rename
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
