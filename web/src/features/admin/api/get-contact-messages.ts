import { contactMessageSchema } from '@shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const contactMessagesAnswer = z.object({ messages: z.array(contactMessageSchema), nextCursor: z.string().nullable().optional() });

export function getContactMessages() {
  return api.get('/contact', contactMessagesAnswer, { params: { limit: 100 } });
}

export function useContactMessages() {
  return useQuery({ queryKey: ['admin', 'contact-messages'], queryFn: getContactMessages });
}
