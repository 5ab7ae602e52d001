import { resetPasswordBody } from '@shared/schemas';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts';
import { useResetPassword } from '@/features/admin/api/reset-password';
import { adminFailure } from '@/features/admin/components/admin-messages';
import { useForm } from '@/lib/form';

type Values = z.input<typeof resetPasswordBody>;

export function ResetPasswordDialog() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ schema: resetPasswordBody, defaultValues: { email: '', newPassword: '' } });

  const close = () => {
    setOpen(false);
    setFailure(null);
    reset();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ email: values.email.trim().toLowerCase(), newPassword: values.newPassword });
      toast.success('✅ Password reset successfully!');
      close();
    } catch (error) {
      setFailure(adminFailure(error, '❌ Server error while resetting password'));
    }
  });

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reset Password
      </Button>
      <Modal open={open} onClose={close} title="Reset a user's password">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters. The user is signed out everywhere."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" className="flex-1" loading={resetPassword.isPending}>
              Reset Password
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
