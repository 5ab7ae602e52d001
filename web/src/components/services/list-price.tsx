// Beside a customer's own price (issue 34: their tier, their percent or a rate set for them), the list price it is
// taken off, struck through: on /services, the order form, Mass Order's preview and the home page's cards. The API
// sends a service's `listRatePer1000` only where the asker's price differs from it, so a visitor, or a customer
// paying list prices, sees none. What is charged is always their own price (features/orders/pricing.ts).
import { formatAmount } from '@/lib/format';

/**
 * The list price `rupees` struck through, named for a screen reader (which does not say a strike: " list price Rs 12",
 * spaced from the price before it in a text read whole); nothing when there is none. Its space on screen is the
 * caller's (a margin, a gap).
 */
export function ListPrice({ rupees, className = '' }: { rupees: number | undefined; className?: string }) {
  if (rupees === undefined) return null;
  return (
    <s className={`font-normal whitespace-nowrap text-slate-500 tabular-nums ${className}`}>
      <span className="sr-only"> list price </span>
      {formatAmount(rupees)}
    </s>
  );
}
