// The offers over the page's foot (root-layout.tsx loads this module after its first render): they come when the
// browser or an action decides, after the page has painted, never in its flow, so nothing on screen moves when one
// appears.
import { InstallPrompt } from '@/components/pwa/install-prompt';
import { PushOptInCard } from '@/components/pwa/push-opt-in-card';

export function Offers() {
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-col gap-2 sm:end-4 sm:start-auto">
      <InstallPrompt />
      <PushOptInCard />
    </div>
  );
}
