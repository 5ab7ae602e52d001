import { DataTable } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useContactMessages } from '@/features/admin/api/get-contact-messages';
import { formatDateTime } from '@/lib/format';

export function ContactMessagesTable() {
  const messages = useContactMessages();
  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <h2 id="messages-heading" className="text-lg font-bold text-slate-900">
        Contact Messages
      </h2>
      {messages.isPending ? (
        <LoadingBlock className="min-h-32" />
      ) : messages.isError ? (
        <FormAlert>Could not load contact messages.</FormAlert>
      ) : (
        <DataTable
          caption="Contact Messages"
          rows={messages.data.messages}
          getKey={(message) => message._id}
          emptyText="No messages yet."
          columns={[
            { header: 'Date', cell: (message) => formatDateTime(message.createdAt) },
            {
              header: 'From',
              cell: (message) => (
                <span className="text-right sm:text-left">
                  <span className="block font-medium">{message.name}</span>
                  <a href={`mailto:${message.email}`} className="block text-xs break-all text-brand-700 hover:underline">
                    {message.email}
                  </a>
                </span>
              ),
            },
            {
              header: 'Message',
              className: 'sm:max-w-md',
              cell: (message) => <span className="text-right whitespace-pre-line sm:text-left">{message.message}</span>,
            },
          ]}
        />
      )}
    </section>
  );
}
