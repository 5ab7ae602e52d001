// The top-up autopilot (decision record 0015) as a customer feels it: a request is pending, the wallet
// phone forwards the payment's SMS to the panel (signed as the SMS Gateway app signs, through Hosting →
// Functions → Firestore), and the time is counted from the moment the SMS reaches the panel until the
// customer's own profile shows the new balance. And the other order: the SMS first, then the request,
// answered approved.
import { randomInt, randomUUID } from 'node:crypto';
import { adminIdToken } from '../scripts/lib/admin-session';
import { signUp } from '../scripts/lib/auth-emulator';
import { DEMO_ADMIN } from '../scripts/lib/demo';
import { DEMO_SENDERS, deliver, smsReceivedBody, walletSmsText } from '../scripts/lib/wallet-phone';
import { type Figure, withBudget } from './figures';
import { median, quantile } from './stats';

/** The budget: the median from the SMS reaching the panel to the balance, on the emulators. */
export const AUTOPILOT_MEDIAN_MS = 5000;
const PAYMENTS = 40;
const AMOUNT = 500;

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text) as any;
  } catch {
    return text;
  }
}

export async function walletFigures(url: string, log: (line: string) => void): Promise<Figure[]> {
  const admin = await adminIdToken(url, DEMO_ADMIN);
  const authed = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const paired = await json(
    await fetch(`${url}/api/admin/wallet-devices`, {
      method: 'POST',
      headers: authed(admin),
      body: JSON.stringify({ name: 'Bench phone', wallet: 'Easypaisa', senders: [DEMO_SENDERS.easypaisa] }),
    }),
  );
  const phone = { id: paired.device._id as string, key: paired.signingKey as string };
  const sender = DEMO_SENDERS.easypaisa ?? '';
  const payer = '03451234567';

  log(`Top-up autopilot: ${PAYMENTS} requests, then each one's SMS, until the balance shows it…`);
  const smsToBalance: number[] = [];
  const requestAfterSms: number[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const email = `wallet-bench-${randomUUID().slice(0, 8)}@example.com`;
    const { idToken } = await signUp(email, 'password123', 'Bench');
    await fetch(`${url}/api/auth/register`, { method: 'POST', headers: authed(idToken), body: JSON.stringify({ name: 'Bench' }) });
    const tid = String(randomInt(10_000_000_000, 99_999_999_999));
    const body = { amount: AMOUNT, method: 'Easypaisa', reference: tid, payerNumber: payer };
    const smsBody = smsReceivedBody({ message: walletSmsText('Easypaisa', { amount: AMOUNT, tid, from: payer }), sender });
    if (i % 2 === 0) {
      // Request first: the SMS's arrival to the balance on the customer's screen.
      const request = await fetch(`${url}/api/recharge-requests`, { method: 'POST', headers: authed(idToken), body: JSON.stringify(body) });
      if (request.status !== 201) throw new Error(`recharge request answered ${request.status}`);
      const t0 = performance.now();
      const answer = await deliver(url, phone.id, phone.key, smsBody);
      if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      for (;;) {
        const profile = await json(await fetch(`${url}/api/user/profile`, { headers: authed(idToken) }));
        if (profile.user?.balance >= AMOUNT) break;
        if (performance.now() - t0 > 60_000) throw new Error('the balance did not change within a minute');
        await new Promise((done) => setTimeout(done, 50));
      }
      smsToBalance.push(performance.now() - t0);
    } else {
      // SMS first: the customer's request is answered approved.
      const answer = await deliver(url, phone.id, phone.key, smsBody);
      if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
      const t0 = performance.now();
      const request = await json(
        await fetch(`${url}/api/recharge-requests`, { method: 'POST', headers: authed(idToken), body: JSON.stringify(body) }),
      );
      if (request.request?.status !== 'approved') throw new Error(`the request after its SMS is ${request.request?.status}`);
      requestAfterSms.push(performance.now() - t0);
    }
  }
  return [
    withBudget(
      {
        name: 'Top-up autopilot: SMS → balance, median',
        value: median(smsToBalance),
        unit: 'ms',
        note: `${smsToBalance.length} payments, request first; the customer's profile polled every 50 ms`,
      },
      '<=',
      AUTOPILOT_MEDIAN_MS,
    ),
    {
      name: 'Top-up autopilot: SMS → balance, p95',
      value: quantile(smsToBalance, 0.95),
      unit: 'ms',
      note: 'no budget: the tail of the same runs',
    },
    {
      name: 'Top-up autopilot: request after its SMS, answered approved, median',
      value: median(requestAfterSms),
      unit: 'ms',
      note: `${requestAfterSms.length} payments, SMS first: the request's own answer credits it`,
    },
  ];
}
