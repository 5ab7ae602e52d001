import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { OutlineIcon } from '@/components/ui/outline-icon';
import { paths } from '@/config/paths';
import { formatAmount } from '@/lib/format';

export type OrderResult =
  | { kind: 'success'; orderNumber: number; link: string; price: number; balance: number }
  | { kind: 'failure'; message: string };

export function OrderResultModal({
  result,
  onClose,
  onOrderAgain,
}: {
  result: OrderResult | null;
  onClose: () => void;
  /** The same order's form again (service, link, quantity), for another. */
  onOrderAgain: () => void;
}) {
  return (
    <Modal open={result !== null} onClose={onClose} title={result?.kind === 'success' ? 'Order Placed' : 'Order Failed'}>
      {result?.kind === 'success' ? (
        <div className="space-y-4">
          <p className="flex items-center gap-2 font-semibold text-emerald-800">
            <OutlineIcon className="size-6" strokeWidth="2.5">
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </OutlineIcon>
            Your order was successfully received!
          </p>
          <dl className="divide-y divide-slate-100 rounded-2xl bg-slate-50 px-4 text-sm">
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600">Order ID</dt>
              <dd className="font-mono font-semibold text-slate-900">{result.orderNumber}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600">Link</dt>
              <dd className="min-w-0 truncate text-end text-slate-900">{result.link}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600">Price</dt>
              <dd className="font-semibold text-slate-900">{formatAmount(result.price)}</dd>
            </div>
            <div className="flex justify-between gap-4 py-2.5">
              <dt className="text-slate-600">Remaining balance</dt>
              <dd className="font-semibold text-slate-900">{formatAmount(result.balance)}</dd>
            </div>
          </dl>
          <div className="grid gap-2 sm:grid-cols-3">
            <Link to={paths.orders.getHref({ q: String(result.orderNumber) })} className={buttonClass({ variant: 'secondary' })}>
              View order
            </Link>
            <Button variant="secondary" onClick={onOrderAgain}>
              Order again
            </Button>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : result ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {result.message}
          </p>
          <Button block variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
