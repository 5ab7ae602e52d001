// A customer waiting for a top-up sees it land without reloading (docs/decisions/0015-top-up-autopilot.md): while a request of theirs is
// pending, its list is asked again (every 5 s for a request made in the last 30 minutes, when the
// autopilot usually credits within seconds of the wallet's SMS; every minute for older ones; never while
// none waits or the page is hidden), and a request that turns approved refreshes the balance and the bell.
import type { RechargeRequest } from '@shared/schemas/top-ups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToast } from '@/components/ui/toasts';
import { getMyRechargeRequests, myRechargeRequestsQueryKey } from '@/features/recharge/api/get-my-recharge-requests';
import { useAuth } from '@/lib/auth';
import { formatAmount } from '@/lib/format';
import { profileQueryKey } from '@/lib/profile';
import { notificationsKey } from '@/lib/unread-notifications';

export const FRESH_REQUEST_MS = 30 * 60_000;

/** How often to look again at these requests: false when none is pending. */
export function watchInterval(requests: readonly Pick<RechargeRequest, 'status' | 'createdAt'>[] | undefined, now: number): number | false {
  const pending = (requests ?? []).filter((r) => r.status === 'pending');
  if (pending.length === 0) return false;
  return pending.some((r) => now - Date.parse(r.createdAt) < FRESH_REQUEST_MS) ? 5_000 : 60_000;
}

export function useTopUpWatch(enabled = true) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const requests = useQuery({
    queryKey: myRechargeRequestsQueryKey,
    queryFn: getMyRechargeRequests,
    enabled,
    refetchInterval: (query) => watchInterval(query.state.data, Date.now()),
  });
  const seen = useRef<Map<string, RechargeRequest['status']> | null>(null);
  useEffect(() => {
    const data = requests.data;
    if (!data) return;
    const before = seen.current;
    seen.current = new Map(data.map((r) => [r._id, r.status]));
    const credited = before ? data.filter((r) => r.status === 'approved' && before.get(r._id) === 'pending') : [];
    if (credited.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(user?.uid) });
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    // A credit may move the customer up a price tier: their tier and their prices are asked again.
    void queryClient.invalidateQueries({ queryKey: ['pricing'] });
    void queryClient.invalidateQueries({ queryKey: ['services'] });
    for (const request of credited)
      toast.success(`Top-up approved: ${formatAmount(request.creditedAmount ?? request.amount)} added to your balance.`);
  }, [requests.data, queryClient, toast, user?.uid]);
  return requests;
}
