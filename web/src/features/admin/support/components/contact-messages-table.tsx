import { ListSection } from '@/features/admin/shared/components/list-table';
import { useContactMessages } from '@/features/admin/support/api/get-contact-messages';
import { formatDateTime } from '@/lib/format';

/** Every contact message, newest first; `pageSize` rows before Show More (the Overview's 5), then Load more. */
export function ContactMessagesTable({ pageSize }: { pageSize?: number }) {
  const messages = useContactMessages();
  return (
    <ListSection
      id="messages-heading"
      list={messages}
      caption="Contact Messages"
      emptyText="No messages yet."
      errorText="Could not load contact messages."
      pageSize={pageSize}
      columns={[
        { header: 'Date', cell: (message) => formatDateTime(message.createdAt) },
        {
          header: 'From',
          cell: (message) => (
            <span className="text-right sm:text-left">
              <span className="block font-medium" dir="auto">
                {message.name}
              </span>
              <a href={`mailto:${message.email}`} className="block text-xs break-all text-brand-700 hover:underline">
                {message.email}
              </a>
            </span>
          ),
        },
        {
          header: 'Message',
          className: 'sm:max-w-md',
          cell: (message) => (
            <span className="text-end whitespace-pre-line sm:text-start [unicode-bidi:plaintext]" dir="auto">
              {message.message}
            </span>
          ),
        },
      ]}
    />
  );
}
