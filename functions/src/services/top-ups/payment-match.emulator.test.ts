// The top-up autopilot's chaos run (decision record 0015), over the real emulators: payments of several customers,
// each an SMS and/or a request, in random order and at the same time, SMS delivered up to three times and
// forwarded by a second phone, and "killed" steps (an SMS or a request stored by an instance that died
// before its match: written through the services without the match that follows). After the every-minute
// run each payment whose SMS and request agree is credited exactly once, the others credit nothing, and
// the money invariants hold (apiServerForFile). Seeded: WALLET_CHAOS_SEED=<n> replays a run.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, expect, it } from 'vitest';
import { seededRandom } from '../../../../scripts/lib/seeded-random';
import { DEMO_SENDERS, deliver, smsReceivedBody, walletSmsText } from '../../../../scripts/lib/wallet-phone';
import { apiServerForFile, call, createUser, type TestUser } from '../../../../tests/support/api';
import { db } from '../../lib/admin';
import { DEFAULT_AUTOPILOT_SETTINGS, normalizeSender } from '../../shared/wallet-autopilot';
import { runWalletWork } from '../../workers/wallet';
import { seedSettings } from './public-settings';
import { MAX_PENDING_RECHARGE_REQUESTS, submitRechargeRequest } from './recharge-requests';
import { recordWalletMessage } from './wallet-events';

const api = apiServerForFile({ moneyInvariants: true });

const SEED = Number(process.env.WALLET_CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PAYMENTS = 30;
const CUSTOMERS = 6;
const random = seededRandom(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

type Kind = 'match' | 'wrong-payer' | 'sms-only' | 'request-only';
interface Payment {
  kind: Kind;
  tid: string;
  amount: number;
  customer: TestUser;
  payer: string;
  /** How the SMS arrives: delivered n times over HTTP, or stored by an instance that died before its match. */
  smsDeliveries: number;
  smsKilled: boolean;
  requestKilled: boolean;
  secondPhone: boolean;
}

interface Phone {
  id: string;
  key: string;
}

let admin: TestUser;
let phones: Phone[];
let customers: TestUser[];

beforeAll(async () => {
  console.log(`wallet chaos seed: ${SEED} (WALLET_CHAOS_SEED=${SEED} replays it)`);
  await seedSettings();
  admin = await createUser({ admin: true });
  // Many credits a day per customer: the daily limit is tested on its own, not here.
  await call(api.url, 'PUT', '/api/admin/settings/autopilot', {
    token: admin.token,
    body: { ...DEFAULT_AUTOPILOT_SETTINGS, dailyCount: 100 },
  });
  phones = [];
  for (const name of ['Shop phone', 'Spare phone']) {
    const res = await call(api.url, 'POST', '/api/admin/wallet-devices', {
      token: admin.token,
      body: { name, wallet: 'Easypaisa', senders: [DEMO_SENDERS.easypaisa] },
    });
    phones.push({ id: res.body.device._id, key: res.body.signingKey });
  }
  customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createUser()));
});

const payerOf = (i: number) => `0345${String(1_000_000 + i * 7).padStart(7, '0')}`;

it('credits every payment whose SMS and request agree exactly once, whatever the order, repeats and crashes', async () => {
  const kinds: Kind[] = ['match', 'match', 'match', 'wrong-payer', 'sms-only', 'request-only'];
  // A customer may have MAX_PENDING_RECHARGE_REQUESTS requests waiting at once, and the requests that
  // never match stay waiting: each customer is given at most that many requests (6 × 5 ≥ 30 payments).
  const requestsOf = new Array<number>(CUSTOMERS).fill(0);
  const payments: Payment[] = Array.from({ length: PAYMENTS }, (_, i) => {
    const kind = pick(kinds);
    const withRoom = requestsOf.flatMap((n, index) => (kind === 'sms-only' || n < MAX_PENDING_RECHARGE_REQUESTS ? [index] : []));
    const customerIndex = pick(withRoom);
    if (kind !== 'sms-only') requestsOf[customerIndex] = (requestsOf[customerIndex] ?? 0) + 1;
    return {
      kind,
      tid: String(50_000_000_000 + SEED * 100 + i),
      // Up to Rs 2,000: a customer's first automatic credit is within the first top-up limit.
      amount: 100 + Math.floor(random() * 19) * 100,
      customer: customers[customerIndex] as TestUser,
      payer: payerOf(customerIndex),
      smsDeliveries: 1 + Math.floor(random() * 3),
      smsKilled: random() < 0.2,
      requestKilled: random() < 0.2,
      secondPhone: random() < 0.3,
    };
  });

  const smsText = (p: Payment) => walletSmsText('Easypaisa', { amount: p.amount, tid: p.tid, from: p.payer });
  const steps: (() => Promise<unknown>)[] = [];
  for (const p of payments) {
    if (p.kind !== 'request-only') {
      const body = smsReceivedBody({ message: smsText(p), sender: DEMO_SENDERS.easypaisa ?? '', messageId: `m-${p.tid}` });
      if (p.smsKilled) {
        // Stored by an instance that died before matching it: only the every-minute run matches it.
        const phone = phones[0] as Phone;
        steps.push(() =>
          recordWalletMessage(
            { id: phone.id, name: 'Shop phone', wallet: 'Easypaisa', senders: [normalizeSender(DEMO_SENDERS.easypaisa ?? '')] },
            {
              id: `d-${p.tid}`,
              webhookId: null,
              appDeviceId: null,
              messageId: `m-${p.tid}`,
              sender: DEMO_SENDERS.easypaisa ?? '',
              message: smsText(p),
              simNumber: 1,
              receivedAt: new Date(),
            },
            Timestamp.now(),
          ),
        );
      }
      for (let n = 0; n < (p.smsKilled ? 0 : p.smsDeliveries); n++) {
        const phone = (p.secondPhone && n > 0 ? phones[1] : phones[0]) as Phone;
        steps.push(async () => {
          const answer = await deliver(api.url, phone.id, phone.key, body);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        });
      }
    }
    if (p.kind !== 'sms-only') {
      const payer = p.kind === 'wrong-payer' ? '03009876543' : p.payer;
      const body = { amount: p.amount, method: 'Easypaisa', reference: p.tid, payerNumber: payer };
      const identity = { uid: p.customer.uid, email: p.customer.email, name: p.customer.name, admin: false };
      steps.push(
        p.requestKilled
          ? () => submitRechargeRequest(identity, body)
          : async () => {
              const answer = await call(api.url, 'POST', '/api/recharge-requests', { token: p.customer.token, body });
              expect(answer.status, JSON.stringify(answer.body)).toBe(201);
            },
      );
    }
  }
  // Random order, a few at a time (a phone's burst and customers' taps overlap).
  for (let i = steps.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [steps[i], steps[j]] = [steps[j] as () => Promise<unknown>, steps[i] as () => Promise<unknown>];
  }
  for (let i = 0; i < steps.length; i += 6) await Promise.all(steps.slice(i, i + 6).map((step) => step()));

  // The every-minute run picks up what the dead instances left; a second run finds nothing more.
  await runWalletWork({ now: Date.now });
  const again = await runWalletWork({ now: Date.now });
  expect(again.credited).toBe(0);

  for (const p of payments) {
    const requests = await db.collection('rechargeRequests').where('referenceKey', '==', p.tid).get();
    const event = (await db.collection('walletEvents').doc(`Easypaisa:${p.tid}`).get()).data();
    const label = `${p.kind} ${p.tid} (seed ${SEED})`;
    const [request] = requests.docs.map((d) => ({ id: d.id, ...d.data() }) as { id: string; status: string; autoCredited?: boolean });
    if (p.kind === 'match') {
      expect(request, label).toMatchObject({ status: 'approved', autoCredited: true });
      expect(event, label).toMatchObject({ status: 'matched', requestId: request?.id });
      const recharges = await db.collection('recharges').where('requestId', '==', request?.id).get();
      expect(
        recharges.docs.map((d) => d.data().amountPaisa),
        label,
      ).toEqual([p.amount * 100]);
    } else if (p.kind === 'wrong-payer') {
      expect(request?.status, label).toBe('pending');
      expect(event, label).toMatchObject({ status: 'held', reason: 'payer_mismatch' });
    } else if (p.kind === 'sms-only') {
      expect(requests.size, label).toBe(0);
      expect(event?.status, label).toBe('unmatched');
    } else {
      expect(request?.status, label).toBe('pending');
      expect(event, label).toBeUndefined();
    }
  }
  // Each customer's balance is the sum of their matched payments.
  for (const customer of customers) {
    const expected = payments.filter((p) => p.kind === 'match' && p.customer === customer).reduce((sum, p) => sum + p.amount * 100, 0);
    const balance = (await db.collection('users').doc(customer.uid).get()).data()?.balancePaisa ?? 0;
    expect(balance, `${customer.email} (seed ${SEED})`).toBe(expected);
  }
});
