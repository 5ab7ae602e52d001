import { Page } from '@/components/layout/page';
import { GuideCards } from '@/features/guide/components/guide-cards';

export function GuideRoute() {
  return (
    <Page
      title="Step-by-step guide"
      heading="Step-by-step guide"
      description="New to Shohrat? Here is how to go from sign-up to your first order in five steps."
    >
      <GuideCards />
    </Page>
  );
}
