import { contactBody } from '@shared/schemas/support';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const contactAnswer = z.object({ message: z.string() });

export function sendContactMessage(body: z.input<typeof contactBody>) {
  return api.post('/contact', contactAnswer, contactBody.parse(body));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
