import { resetPasswordBody } from '@shared/schemas/accounts';
import { useState } from 'react';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useResetPassword } from '@/features/admin/accounts/api/reset-password';
import { useAdminAction } from '@/features/admin/shared/hooks/use-admin-action';
import { useForm } from '@/lib/form';

type Values = z.input<typeof resetPasswordBody>;

export function ResetPasswordDialog() {
  const [open, setOpen] = useState(false);
  const { failure, setFailure, run } = useAdminAction('❌ Server error while resetting password');
  const resetPassword = useResetPassword();
  const { field, handleSubmit, reset } = useForm<Values>({ schema: resetPasswordBody, defaultValues: { email: '', newPassword: '' } });

  const close = () => {
    setOpen(false);
    setFailure(null);
    reset();
  };

  const onSubmit = handleSubmit((values) =>
    run(() => resetPassword.mutateAsync({ email: values.email.trim().toLowerCase(), newPassword: values.newPassword }), {
      done: '✅ Password reset successfully!',
      after: close,
    }),
  );

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Reset Password
      </Button>
      <Modal open={open} onClose={close} title="Reset a user's password">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters. The user is signed out everywhere."
            {...field('newPassword')}
          />
          <DialogActions
            failure={failure}
            onCancel={close}
            action={{ type: 'submit', loading: resetPassword.isPending, label: 'Reset Password' }}
          />
        </form>
      </Modal>
    </>
  );
}
