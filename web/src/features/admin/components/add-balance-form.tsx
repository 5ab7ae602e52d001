import { zodResolver } from '@hookform/resolvers/zod';
import { addBalanceBody } from '@shared/schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useAddBalance } from '@/features/admin/api/add-balance';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { useIdempotencyKey } from '@/lib/idempotency';

type Values = z.input<typeof addBalanceBody>;

export function AddBalanceForm() {
  const toast = useToast();
  const addBalance = useAddBalance();
  const { send } = useIdempotencyKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(addBalanceBody), defaultValues: { email: '', amount: Number.NaN } });

  const onSubmit = handleSubmit(async (values) => {
    const body = { email: values.email.trim().toLowerCase(), amount: values.amount };
    try {
      await send(body, (idempotencyKey) => addBalance.mutateAsync({ body, idempotencyKey }));
      toast.success('✅ Balance updated!');
      reset({ email: '', amount: Number.NaN });
    } catch (error) {
      toast.error(adminFailure(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="add-balance-heading">
      <h2 id="add-balance-heading" className="text-lg font-bold text-slate-900">
        Add Balance
      </h2>
      <TextField label="User email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Amount (Rs)"
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        error={errors.amount?.message}
        {...register('amount', { valueAsNumber: true })}
      />
      <Button type="submit" block loading={addBalance.isPending}>
        Add Balance
      </Button>
    </form>
  );
}
