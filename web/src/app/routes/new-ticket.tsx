// /tickets/new, optionally ?order=<number> (the dashboard's "Get help"): the form offers the customer's
// recent orders to tick; the route reads them, as features do not import each other.
import { useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMyOrders } from '@/features/orders/api/get-my-orders';
import { NewTicketForm, type OrderChoice } from '@/features/tickets/components/new-ticket-form';
import { formatDate } from '@/lib/format';

/** Orders offered to tick: the newest ones bought (a drip-feed's runs are found through their drip-feed). */
const RECENT_ORDERS = 10;

export function NewTicketRoute() {
  const [params] = useSearchParams();
  const preset = params.get('order')?.match(/^[0-9]{1,15}$/)?.[0];
  const orders = useMyOrders();
  const choices: OrderChoice[] | undefined = orders.data?.orders
    .filter((order) => !order.dripRun)
    .slice(0, RECENT_ORDERS)
    .map((order) => ({ number: String(order.number), label: `${order.service} · ${formatDate(order.createdAt)} · ${order.status}` }));
  return (
    <Page title="New ticket" heading="New ticket" back={{ to: paths.tickets.getHref(), label: 'Your tickets' }} width="max-w-3xl">
      <Card>
        <NewTicketForm orders={choices} presetOrder={preset} />
      </Card>
    </Page>
  );
}
