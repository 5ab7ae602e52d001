import { Card } from '@/components/ui/card';
import { AddBalanceForm } from '@/features/admin/money/components/add-balance-form';
import { RecentRechargesTable } from '@/features/admin/money/components/recent-recharges-table';

/** Add Balance beside the credits made (a third and two thirds of the console's three columns). */
export function CreditsCards({ pageSize }: { pageSize?: number }) {
  return (
    <>
      <Card className="lg:col-span-1">
        <AddBalanceForm />
      </Card>
      <Card className="lg:col-span-2">
        <RecentRechargesTable pageSize={pageSize} />
      </Card>
    </>
  );
}
