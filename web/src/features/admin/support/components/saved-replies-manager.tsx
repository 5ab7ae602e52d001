// The admin's saved replies: add one, change one, delete one (after a second click). Checked with the
// shared schema before sending; the server's refusal (the most it keeps) is shown as it says.
import { type SavedReply, savedReplyBody, TICKET_LIMITS } from '@shared/tickets';
import { type FormEvent, useState } from 'react';
import { MessageField } from '@/components/tickets/message-field';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { adminFailure } from '@/features/admin/shared/components/admin-messages';
import { useDeleteSavedReply } from '@/features/admin/support/api/delete-saved-reply';
import { useSavedReplies } from '@/features/admin/support/api/get-saved-replies';
import { useSaveSavedReply } from '@/features/admin/support/api/save-saved-reply';

export function SavedRepliesManager() {
  const replies = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const onDelete = async (reply: SavedReply) => {
    setAlert(null);
    try {
      await remove.mutateAsync(reply._id);
      setConfirming(null);
      if (editing?._id === reply._id) setEditing(null);
    } catch (error) {
      setAlert(adminFailure(error));
    }
  };

  return (
    <div className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      {replies.isPending ? (
        <LoadingBlock className="min-h-20" />
      ) : replies.isError ? (
        <FormAlert>Could not load the saved replies.</FormAlert>
      ) : replies.data.length === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">No saved replies yet.</p>
      ) : (
        <ul aria-label="Saved replies" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {replies.data.map((reply) => (
            <li key={reply._id} className="space-y-2 px-3 py-3">
              <p className="font-semibold wrap-anywhere text-slate-900">{reply.title}</p>
              <p className="line-clamp-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-700">{reply.body}</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(reply)} aria-label={`Edit ${reply.title}`}>
                  Edit
                </Button>
                {confirming === reply._id ? (
                  <Button size="sm" variant="danger" loading={remove.isPending} onClick={() => void onDelete(reply)}>
                    Delete “{reply.title}” for good
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(reply._id)} aria-label={`Delete ${reply.title}`}>
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <SavedReplyForm key={editing?._id ?? 'new'} reply={editing} onDone={() => setEditing(null)} />
    </div>
  );
}

function SavedReplyForm({ reply, onDone }: { reply: SavedReply | null; onDone: () => void }) {
  const save = useSaveSavedReply();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<{ title?: string; body?: string; form?: string }>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = savedReplyBody.safeParse({ title, body });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'body') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: reply?._id, ...parsed.data });
      setTitle('');
      setBody('');
      onDone();
    } catch (error) {
      setErrors({ form: adminFailure(error) });
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 rounded-xl bg-slate-50 p-3"
      aria-label={reply ? 'Edit saved reply' : 'New saved reply'}
    >
      <h3 className="text-sm font-semibold text-slate-900">{reply ? `Edit “${reply.title}”` : 'New saved reply'}</h3>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
      <TextField
        label="Title"
        maxLength={TICKET_LIMITS.savedReplyTitle}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <MessageField label="Reply" value={body} onValueChange={setBody} error={errors.body} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          {reply ? 'Save changes' : 'Add saved reply'}
        </Button>
        {reply ? (
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
