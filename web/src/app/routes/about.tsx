import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { ReviewsList } from '@/features/reviews/components/reviews-list';

export function AboutRoute() {
  return (
    <Page title="About Us" heading="About Us">
      <div className="space-y-6">
        <Card>
          <h2 className="text-lg font-bold text-slate-900">Who we are</h2>
          <p className="mt-2 text-slate-700">
            Shohrat helps creators, shops and brands grow on TikTok, Instagram and Facebook. Choose a service, paste your link and pay from
            your prepaid balance in Rs. Every order is tracked in your dashboard, and cancelled orders are refunded to your balance
            automatically.
          </p>
        </Card>
        <div className="grid gap-6 lg:grid-cols-5">
          <Card className="lg:col-span-3">
            <ReviewsList />
          </Card>
          <Card className="lg:col-span-2">
            <ReviewForm />
          </Card>
        </div>
      </div>
    </Page>
  );
}
