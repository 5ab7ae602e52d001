import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';

/** An admin section that is one panel: titled "<section> · Admin", its panel on a card. */
export function PanelPage({ section, description, children }: { section: string; description: string; children: ReactNode }) {
  return (
    <Page title={`${section} · Admin`} heading={section} description={description}>
      <Card>{children}</Card>
    </Page>
  );
}
