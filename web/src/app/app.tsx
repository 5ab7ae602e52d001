import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { UpdatePrompt } from '@/components/pwa/update-prompt';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
      <UpdatePrompt />
    </AppProvider>
  );
}
