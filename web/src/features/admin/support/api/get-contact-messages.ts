import { contactMessageSchema } from '@shared/schemas/support';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminMessagesKey = ['admin', 'contact-messages'] as const;

/** Contact messages, newest first, every one of them a page at a time. */
export function useContactMessages() {
  return useAdminList({ key: adminMessagesKey, path: '/contact', itemsKey: 'messages', item: contactMessageSchema });
}
