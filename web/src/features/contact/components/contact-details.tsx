import { OutlineIcon } from '@/components/ui/outline-icon';

export function ContactDetails({ supportChat }: { supportChat: string | undefined }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold text-slate-900">Contact details</h2>
      <ul className="space-y-3 text-sm text-slate-700">
        <li className="flex items-start gap-3">
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800"
            aria-hidden="true"
          >
            <OutlineIcon className="size-5">
              <path d="M21 12a8 8 0 0 1-11.9 7L4 20l1.1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
            </OutlineIcon>
          </span>
          <span>
            <span className="block font-semibold text-slate-900">Chat support</span>
            {supportChat ? (
              <a href={supportChat} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                Open a chat with us
              </a>
            ) : (
              <span className="inline-block h-5 w-32 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" aria-hidden="true" />
            )}
          </span>
        </li>
        <li className="flex items-start gap-3">
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800"
            aria-hidden="true"
          >
            <OutlineIcon className="size-5">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" strokeLinecap="round" />
            </OutlineIcon>
          </span>
          <span>
            <span className="block font-semibold text-slate-900">Support hours</span>
            Every day, 10:00 – 22:00 (PKT). Payments are usually credited within an hour.
          </span>
        </li>
      </ul>
    </div>
  );
}
