// A ticket's messages, oldest first, as the customer and the admin both see them: the reader's own
// messages on the end side (the right in English), the other side's on the start side, each with who wrote
// it and when; a message reads in its own direction, line by line (an Urdu line right to left).
import type { TicketMessage } from '@shared/tickets';
import { formatDateTime } from '@/lib/format';

export function TicketThread({
  messages,
  viewer,
  names,
}: {
  messages: readonly TicketMessage[];
  viewer: TicketMessage['from'];
  /** Who each side is, as the reader calls them. */
  names: Record<TicketMessage['from'], string>;
}) {
  return (
    <ol aria-label="Messages" className="space-y-3">
      {messages.map((message) => {
        const own = message.from === viewer;
        return (
          <li key={message._id} className={`flex ${own ? 'justify-end' : 'justify-start'}`}>
            <article
              aria-label={`${names[message.from]}, ${formatDateTime(message.createdAt)}`}
              className={`max-w-[90%] rounded-2xl px-4 py-3 sm:max-w-[75%] ${own ? 'bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50 ring-1 ring-slate-200'}`}
            >
              <p className="text-xs font-semibold text-slate-700">
                {names[message.from]} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 text-sm wrap-anywhere whitespace-pre-wrap text-slate-900 [unicode-bidi:plaintext]" dir="auto">
                {message.body}
              </p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
