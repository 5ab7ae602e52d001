// /admin/reviews: the reviews visitors posted, held until an admin approves them for About.
import { PanelPage } from '@/app/routes/admin/panel-page';
import { ReviewsPanel } from '@/features/admin/support/components/reviews-panel';

export function AdminReviewsRoute() {
  return (
    <PanelPage section="Reviews" description="Reviews show on About once approved; the longest waiting on top.">
      <ReviewsPanel />
    </PanelPage>
  );
}
