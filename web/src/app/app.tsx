import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { deferredComponent } from '@/lib/deferred-component';

// Registers the service worker and tells of a new version: nothing of a page's first paint, so its code (with
// workbox-window's) comes after the first render.
const UpdatePrompt = deferredComponent(
  () => import('@/components/pwa/update-prompt').then((module) => module.UpdatePrompt),
  'The update notice',
);

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <UpdatePrompt />
    </AppProvider>
  );
}
