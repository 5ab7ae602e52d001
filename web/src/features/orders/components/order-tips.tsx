export const ORDER_TIPS = [
  'Make sure your account is public before you order.',
  'Avoid placing simultaneous orders for the same link; wait until one completes.',
  'Double-check the link: an order to a wrong link cannot be reversed.',
  'Enter a valid quantity within the minimum and maximum of the service.',
  'Orders for private accounts or posts may be cancelled.',
  'Use a stable internet connection while placing your order.',
] as const;

export function OrderTips() {
  return (
    <section aria-labelledby="tips-heading" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <h2 id="tips-heading" className="mb-3 text-base font-bold text-slate-900">
        Instructions
      </h2>
      <ol className="space-y-2 text-sm text-slate-700">
        {ORDER_TIPS.map((tip, index) => (
          <li key={tip} className="flex gap-3">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
              {index + 1}
            </span>
            <span>{tip}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
