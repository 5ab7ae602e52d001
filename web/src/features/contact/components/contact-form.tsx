import { LIMITS } from '@shared/schemas/fields';
import { contactBody } from '@shared/schemas/support';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toasts';
import { useSendContactMessage } from '@/features/contact/api/send-contact-message';
import { ApiError } from '@/lib/api-error';
import { useForm } from '@/lib/form';

type Values = z.input<typeof contactBody>;

export function ContactForm({ defaultName = '', defaultEmail = '' }: { defaultName?: string; defaultEmail?: string }) {
  const toast = useToast();
  const send = useSendContactMessage();
  const { field, handleSubmit, reset } = useForm<Values>({
    schema: contactBody,
    defaultValues: { name: defaultName, email: defaultEmail, message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync(values);
      toast.success(answer.message);
      reset({ name: values.name, email: values.email, message: '' });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Server error');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-lg font-bold text-slate-900">
        Send us a message
      </h2>
      <TextField label="Name" autoComplete="name" dir="auto" maxLength={LIMITS.name} {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" dir="ltr" {...field('email')} />
      <TextAreaField label="Message" rows={5} maxLength={LIMITS.message} {...field('message')} />
      <Button type="submit" block size="lg" loading={send.isPending}>
        Send Message
      </Button>
    </form>
  );
}
