// "Your prices" on the dashboard (issue 34): the customer's tier and its discount, or the percent the admin set for
// them (which wins over the tier), the rates set for them, and what the next tier needs. Loaded after the dashboard's
// first render (app/routes/dashboard.tsx), and shown only once it has something to say: nothing while it loads, on a
// failure, or on a panel without tiers where the customer has no price of their own.
import { formatNumber } from '@shared/numbers';
import type { MyPricing } from '@shared/schemas/pricing';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyPricing } from '@/features/dashboard/api/get-my-pricing';
import { formatAmount } from '@/lib/format';

/** "6 %", its number and sign never on two lines. */
const percentText = (percent: number) => `${percent}%`;

/** Whether there is anything to tell: a ladder to climb, or a price of their own. */
export const hasPricing = (pricing: MyPricing) => pricing.tiers.length > 0 || pricing.percent !== null || pricing.rates > 0;

/** What the customer pays, in a few words: their own percent, else their tier's, else the list prices. */
function Discount({ pricing }: { pricing: MyPricing }) {
  if (pricing.percent !== null) {
    return (
      <>
        <strong className="font-semibold text-slate-900">Your own price</strong>:{' '}
        {pricing.percent > 0 ? `${percentText(pricing.percent)} off list prices` : 'list prices'}
      </>
    );
  }
  if (pricing.tier) {
    return (
      <>
        <strong className="font-semibold text-slate-900">
          <bdi>{pricing.tier.name}</bdi>
        </strong>
        : {pricing.tier.percent > 0 ? `${percentText(pricing.tier.percent)} off list prices` : 'list prices'}
      </>
    );
  }
  return <>{pricing.rates > 0 ? 'List prices, except:' : 'You pay the list prices.'}</>;
}

export function YourPrices() {
  const { data: pricing } = useMyPricing();
  if (!pricing || !hasPricing(pricing)) return null;
  // The percent set for the customer wins over any tier: reaching the next one would change nothing.
  const next = pricing.percent === null ? pricing.next : null;
  return (
    <Card aria-labelledby="your-prices-heading" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1 text-sm text-slate-700">
        <h2 id="your-prices-heading" className="text-lg font-bold text-slate-900">
          Your prices
        </h2>
        <p data-testid="your-discount">
          <Discount pricing={pricing} />
        </p>
        {pricing.rates > 0 ? (
          <p>{pricing.rates === 1 ? 'A rate set for you on 1 service' : `Rates set for you on ${formatNumber(pricing.rates)} services`}</p>
        ) : null}
        {next ? (
          <p data-testid="next-tier">
            {formatAmount(next.remaining)} more in top-ups to reach <bdi>{next.name}</bdi> ({percentText(next.percent)} off)
          </p>
        ) : null}
      </div>
      <Link to={paths.services.getHref()} className={`${buttonClass({ variant: 'secondary', size: 'sm' })} max-sm:min-h-11`}>
        See your prices
      </Link>
    </Card>
  );
}
