const PROMOS = [
  { title: 'Figures you can check', text: 'Each service shows how fast its own orders start and how many completed in full.' },
  { title: 'Pay from your balance', text: 'Top up once with your mobile wallet and order anytime.' },
  { title: 'Real support', text: 'A person answers on chat about every order and payment.' },
] as const;

export function PromoCards() {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {PROMOS.map((promo) => (
        <li key={promo.title} className="rounded-2xl bg-gradient-to-br from-brand-50 to-white p-4 ring-1 ring-brand-100">
          <h3 className="font-bold text-slate-900">{promo.title}</h3>
          <p className="mt-1 text-sm text-slate-700">{promo.text}</p>
        </li>
      ))}
    </ul>
  );
}
