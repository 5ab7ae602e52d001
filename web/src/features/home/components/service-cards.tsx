import type { Service } from '@shared/answers';
import { FEATURED } from '@shared/catalogue';
import { Link } from 'react-router-dom';
import { ListPrice } from '@/components/services/list-price';
import { buttonClass } from '@/components/ui/button';
import { PlatformIcon } from '@/components/ui/platform-icon';
import { paths } from '@/config/paths';
import { useIsVisitor } from '@/lib/auth';
import { formatAmount } from '@/lib/format';

/**
 * The cheapest rate per 1000 of a platform's category among `services` (the asker's own prices), and the cheapest list
 * rate where that differs (a customer with a discount, issue 34); null when it has none.
 */
export function startingRate(services: readonly Service[], platform: string, category: string): { rate: number; list?: number } | null {
  const inCategory = services.filter((s) => s.platform === platform && s.category === category);
  if (inCategory.length === 0) return null;
  const rate = Math.min(...inCategory.map((s) => s.ratePer1000));
  const list = Math.min(...inCategory.map((s) => s.listRatePer1000 ?? s.ratePer1000));
  return list === rate ? { rate } : { rate, list };
}

/**
 * The featured cards, priced from `services`: the live catalogue (a card whose category is gone shows no
 * price). While it loads (`services` undefined) the price line keeps its place, empty, so nothing moves.
 */
export function ServiceCards({ services }: { services: readonly Service[] | undefined }) {
  // A visitor signs up first, the card’s choice kept; a customer (or one remembered, still being restored) orders.
  const signedOut = useIsVisitor();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURED.map((card) => {
        const starting = services ? startingRate(services, card.platform, card.category) : null;
        return (
          <li key={card.title} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <PlatformIcon platform={card.platform} />
            <h3 className="mt-3 font-bold text-slate-900">{card.title}</h3>
            {services === undefined ? (
              <p className="mt-1 h-5 w-28 animate-pulse rounded bg-slate-100" aria-hidden="true" />
            ) : starting === null ? null : (
              <p className="mt-1 text-sm text-slate-600">
                from <span className="font-semibold text-slate-900">{formatAmount(starting.rate)}</span>
                <ListPrice rupees={starting.list} className="ms-1" /> per 1K
              </p>
            )}
            <Link
              to={(signedOut ? paths.register : paths.order).getHref({ platform: card.platform, category: card.category })}
              className={`${buttonClass({ size: 'sm' })} mt-4`}
              aria-label={`Order Now: ${card.title}`}
            >
              Order Now
            </Link>
          </li>
        );
      })}
      <li className="flex flex-col rounded-2xl bg-white p-5 opacity-80 shadow-sm ring-1 ring-slate-200">
        <PlatformIcon platform="youtube" />
        <h3 className="mt-3 font-bold text-slate-900">YouTube</h3>
        <p className="mt-1 text-sm text-slate-600">Subscribers, views and likes</p>
        <button type="button" disabled className={`${buttonClass({ variant: 'secondary', size: 'sm' })} mt-4`}>
          Coming Soon
        </button>
      </li>
    </ul>
  );
}
