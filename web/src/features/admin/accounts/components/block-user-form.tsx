import { blockBody, type User } from '@shared/schemas/accounts';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { useSetBlocked } from '@/features/admin/accounts/api/block-user';
import { AccountLine } from '@/features/admin/shared/components/cells';
import { useToastedAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useForm } from '@/lib/form';

type Values = z.input<typeof blockBody>;

/** Blocks `account` (or unblocks it, when it is blocked) with a reason; the customer sees a block's reason. */
export function BlockUserForm({ account, onDone }: { account: Pick<User, '_id' | 'name' | 'email' | 'blocked'>; onDone: () => void }) {
  const toasted = useToastedAction();
  const setBlocked = useSetBlocked();
  const block = !account.blocked;
  const { field, handleSubmit } = useForm<Values>({ schema: blockBody, defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (body) => {
    if (
      await toasted(
        () => setBlocked.mutateAsync({ uid: account._id, block, body }),
        block ? '✅ Account blocked!' : '✅ Account unblocked!',
      )
    ) {
      onDone();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <AccountLine account={account} />
      {block ? (
        <p className="text-sm text-slate-700">
          They can still sign in and see this reason, but cannot order, request a top-up or use their API key. Their pending orders go on.
        </p>
      ) : null}
      <TextAreaField
        label="Reason"
        rows={3}
        maxLength={500}
        data-autofocus
        hint={block ? 'Shown to the customer.' : undefined}
        {...field('reason')}
      />
      <Button type="submit" block variant={block ? 'danger' : 'primary'} loading={setBlocked.isPending}>
        {block ? 'Block Account' : 'Unblock Account'}
      </Button>
    </form>
  );
}
