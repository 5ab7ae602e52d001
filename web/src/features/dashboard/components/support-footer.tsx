export function SupportFooter({ supportChat }: { supportChat: string | undefined }) {
  return (
    <aside className="flex flex-col items-start gap-3 rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-bold text-emerald-900">Need help?</h2>
        <p className="text-sm text-emerald-900">Questions about an order or a payment? Our support team answers on chat.</p>
      </div>
      {supportChat ? (
        <a
          href={supportChat}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Chat with support
        </a>
      ) : null}
    </aside>
  );
}
