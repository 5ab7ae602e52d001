import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastProvider } from '@/components/ui/toasts';
import { AuthProvider } from '@/lib/auth';
import { refetchOnCacheUpdates } from '@/lib/cache-updates';
import { withPrerenderedAnswers } from '@/lib/prerendered';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => withPrerenderedAnswers(createQueryClient()));
  useEffect(() => refetchOnCacheUpdates(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
