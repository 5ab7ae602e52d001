// Until the Services section (issue 13, CATALOGUE) lands: its place in the console.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';

export function AdminServicesRoute() {
  return (
    <Page title="Services · Admin" heading="Services">
      <Card>
        <p className="text-sm text-slate-700">The catalogue editor comes with the services section.</p>
      </Card>
    </Page>
  );
}
