// The status sync's cost per tick: 10,000 sent orders open at one provider, 100 of them due, one tick
// of syncProvider run in this process against a provider answering in memory (the real client parses
// its answers), the documents read counted as Firestore bills them.
import { Timestamp } from 'firebase-admin/firestore';
import { syncReadFigures } from './budgets';
import type { Figure } from './figures';
import { pool } from './stats';

const OPEN = 10_000;
const DUE = 100;
const PROVIDER = 'bench-sync';

/** A provider that says of every order asked "In progress", its counts unchanged: the steady state. */
function inProgressFetch(): typeof fetch {
  return async (_url, init) => {
    const form = new URLSearchParams(String(init?.body ?? ''));
    const ids = (form.get('orders') ?? form.get('order') ?? '').split(',').filter(Boolean);
    const entry = { charge: '0.95', start_count: '100', status: 'In progress', remains: '500', currency: 'USD' };
    const body = form.has('orders') ? Object.fromEntries(ids.map((id) => [id, entry])) : entry;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

export async function syncFigures(log: (line: string) => void): Promise<Figure[]> {
  const { db } = await import('../functions/src/lib/admin');
  const { countReads } = await import('../functions/src/lib/read-counter');
  const { createProviderClient } = await import('../functions/src/upstream/client');
  const { syncProvider } = await import('../functions/src/workers/sync');

  log(`Status sync: seeding ${OPEN.toLocaleString('en')} sent orders, ${DUE} due…`);
  const now = Date.now();
  await db
    .collection('providers')
    .doc(PROVIDER)
    .set({
      name: 'Bench sync',
      url: 'https://provider.invalid/api/v2',
      keyHint: '…nch',
      currency: 'USD',
      rateToPkr: 2.8,
      // Inactive: the app's own scheduled sync leaves it to this tick alone.
      active: false,
      balance: null,
      balanceCheckedAt: null,
      serviceCount: null,
      lowBalanceBelow: null,
      createdAt: Timestamp.fromMillis(now),
    });
  const created = Timestamp.fromMillis(now - 2 * 86_400_000);
  await pool(Math.ceil(OPEN / 250), 4, async (b) => {
    const batch = db.batch();
    for (let i = b * 250; i < Math.min(OPEN, (b + 1) * 250); i++) {
      const id = `7${String(i).padStart(12, '0')}`;
      batch.set(db.collection('orders').doc(id), {
        userId: 'bench-sync',
        user: { _id: 'bench-sync', name: 'Sync', email: 'sync@example.com' },
        platform: 'tiktok',
        serviceId: 'tt-views-fast',
        service: 'TikTok Views Video Views',
        link: `https://www.tiktok.com/@sync/video/${i}`,
        quantity: 1000,
        pricePaisa: 2000,
        status: 'processing',
        progress: { startCount: 100, remains: 500 },
        createdAt: created,
        updatedAt: created,
      });
      // The first DUE are due now (oldest first); the others in the next hour.
      const dueAt = i < DUE ? now - 60_000 + i : now + 3_600_000 + i;
      batch.set(db.collection('orderFulfilment').doc(id), {
        state: 'sent',
        open: true,
        providerId: PROVIDER,
        providerOrderId: `p${i}`,
        createdAt: created,
        updatedAt: created,
        syncDueAt: Timestamp.fromMillis(dueAt),
      });
    }
    await batch.commit();
  });

  const client = createProviderClient({
    url: 'https://provider.invalid/api/v2',
    key: 'bench',
    timeoutMs: 10_000,
    fetch: inProgressFetch(),
  });
  log('Status sync: one tick…');
  const { result, reads } = await countReads(() => syncProvider(PROVIDER, { now: () => now, clientFor: async () => client }));
  return syncReadFigures({ reads, due: DUE, open: OPEN, checked: result.checked });
}
