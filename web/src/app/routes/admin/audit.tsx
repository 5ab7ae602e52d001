import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { AuditPanel } from '@/features/admin/reports/components/audit-panel';

export function AdminAuditRoute() {
  return (
    <Page
      title="Audit · Admin"
      heading="Audit trail"
      description="Every admin action: who, when, what changed. Nobody can edit or delete an entry."
    >
      <Card>
        <AuditPanel />
      </Card>
    </Page>
  );
}
