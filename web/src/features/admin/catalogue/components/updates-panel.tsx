// The updates feed as the admin runs it (Services section): every entry, hidden ones too, each with Hide/Show and a
// note customers read under it. The entries themselves are written by the catalogue's changes.
import type { CatalogueUpdate } from '@shared/catalogue-updates';
import { UPDATE_LIMITS } from '@shared/catalogue-updates';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { UpdatesFeed } from '@/components/updates/updates-feed';
import { useChangeUpdate } from '@/features/admin/catalogue/api/change-update';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';

function EntryActions({ entry }: { entry: CatalogueUpdate }) {
  const change = useChangeUpdate();
  const toast = useToast();
  const [note, setNote] = useState<string | null>(null);
  const send = async (body: { hidden?: boolean; note?: string }) => {
    try {
      await change.mutateAsync({ id: entry._id, body });
      setNote(null);
    } catch (error) {
      toast.error(adminFailure(error));
    }
  };
  const what = `the update of ${entry.service.name}`;
  if (note !== null) {
    return (
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send({ note });
        }}
      >
        <TextField
          label={`Note on ${what}`}
          value={note}
          maxLength={UPDATE_LIMITS.note}
          onChange={(event) => setNote(event.target.value)}
          hint="Customers read it under the entry; empty removes it"
        />
        <Button type="submit" size="sm" loading={change.isPending}>
          Save note
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setNote(null)}>
          Cancel
        </Button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        loading={change.isPending}
        aria-label={`${entry.hidden ? 'Show' : 'Hide'} ${what}`}
        onClick={() => void send({ hidden: !entry.hidden })}
      >
        {entry.hidden ? 'Show' : 'Hide'}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${entry.note ? 'Edit the note on' : 'Add a note to'} ${what}`}
        onClick={() => setNote(entry.note ?? '')}
      >
        {entry.note ? 'Edit note' : 'Add note'}
      </Button>
    </div>
  );
}

export function UpdatesPanel() {
  return (
    <section aria-labelledby="updates-feed-heading" className="space-y-3">
      <div>
        <h2 id="updates-feed-heading" className="text-base font-bold text-slate-900">
          Updates feed
        </h2>
        <p className="text-sm text-slate-600">
          What customers read on /updates: written by every change of a price, a refill window or what is on sale. Hide an entry or add a
          note.
        </p>
      </div>
      <UpdatesFeed scope="admin" actions={(entry) => <EntryActions entry={entry} />} />
    </section>
  );
}
