// Updates (`/updates`): the public feed of catalogue changes a customer cares about, newest first, 20 at a time.
import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { UpdatesFeed } from '@/components/updates/updates-feed';

const DESCRIPTION = 'New services, prices up or down, services taken off or back on sale, and refill windows changed, newest first.';

export function UpdatesRoute() {
  return (
    <Page title="Updates" heading="Updates" description={DESCRIPTION}>
      <Card aria-label="Updates">
        <UpdatesFeed scope="public" />
      </Card>
    </Page>
  );
}
