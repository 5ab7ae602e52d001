import { Page } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactForm } from '@/features/contact/components/contact-form';
import { PromoCards } from '@/features/contact/components/promo-cards';
import { PLACEHOLDER_NAME, useAuth } from '@/lib/auth';
import { useSettings } from '@/lib/settings';

export function ContactRoute() {
  const settings = useSettings();
  const { user } = useAuth();
  return (
    <Page title="Contact Us" heading="Contact Us" description="Questions about an order, a payment or your account? We are here to help.">
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-5">
          <Card className="lg:col-span-2">
            <ContactDetails supportChat={settings.data?.supportChat} />
          </Card>
          <Card className="lg:col-span-3">
            <ContactForm defaultName={user?.name === PLACEHOLDER_NAME ? '' : user?.name} defaultEmail={user?.email} />
          </Card>
        </div>
        <PromoCards />
      </div>
    </Page>
  );
}
