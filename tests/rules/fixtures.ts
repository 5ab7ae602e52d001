// The documents every rules test starts from, shaped like the ones the API writes. Written with rules
// disabled, as the Admin SDK would.
import { type DocumentData, doc, type Firestore, writeBatch } from 'firebase/firestore';

const at = new Date('2026-01-15T10:00:00Z');
const HOUR = 60 * 60 * 1000;

/** When the actors' tokens were signed in (their auth_time), an hour after the documents were written. */
export const SIGNED_IN = new Date(at.getTime() + HOUR);
/** When the reset admin's sessions were ended (`sessionsValidAfter`): after SIGNED_IN. */
export const SESSIONS_ENDED = new Date(at.getTime() + 2 * HOUR);

const profile = (name: string, role: 'user' | 'admin', balancePaisa: number, sessionsValidAfter?: Date) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  balancePaisa,
  lastRecharge: balancePaisa > 0 ? { amountPaisa: balancePaisa, at } : null,
  createdAt: at,
  ...(sessionsValidAfter ? { sessionsValidAfter } : {}),
});

const order = (id: string, userId: string) => ({
  userId,
  user: { _id: userId, name: userId, email: `${userId}@example.com` },
  platform: 'tiktok',
  serviceId: 'tt-followers-real',
  service: 'TikTok Followers (Real)',
  link: `https://www.tiktok.com/@${userId}`,
  quantity: 1000,
  pricePaisa: 90000,
  status: 'pending',
  createdAt: at,
  updatedAt: at,
  number: Number(id),
});

const service = (name: string, active: boolean) => ({
  number: 1,
  platform: 'tiktok',
  category: 'Followers',
  name,
  ratePer1000Paisa: 90000,
  min: 10,
  max: 100000,
  defaultQuantity: 50,
  description: 'Real-looking followers',
  active,
});

const ticket = (userId: string) => ({
  userId,
  user: { _id: userId, name: userId, email: `${userId}@example.com` },
  kind: 'Order',
  orderIds: [],
  state: 'open',
  createdAt: at,
  updatedAt: at,
  lastCustomerMessageAt: at,
  lastAdminMessageAt: null,
  unreadByCustomer: 0,
  unreadByAdmin: 1,
  messageCount: 1,
  preview: 'Where is my order?',
  waiting: true,
  waitingSince: at,
});

export const ALICE_NOTIFICATION = 'users/alice/notifications/order-123456789-completed';
export const BOB_NOTIFICATION = 'users/bob/notifications/topup-req-bob';
const notification = () => ({
  kind: 'order',
  title: 'Order #123456789 is completed',
  body: '1000 TikTok Views.',
  url: '/dashboard?order=123456789',
  createdAt: at,
  read: false,
  bell: true,
  push: { state: 'sent', attempts: 1 },
  expiresAt: at,
});
export const ALICE_TICKET = 'tickets/tkt-alice';
export const BOB_TICKET = 'tickets/tkt-bob';
export const ALICE_ORDER = 'orders/100000001';
export const BOB_ORDER = 'orders/100000002';
export const ACTIVE_SERVICE = 'services/tt-followers-real';
export const INACTIVE_SERVICE = 'services/tt-followers-retired';

export const FIXTURES: Record<string, DocumentData> = {
  'users/alice': profile('Alice', 'user', 100000),
  'users/bob': profile('Bob', 'user', 25000),
  'users/admin': profile('Admin', 'admin', 0),
  // An admin after admin:revoke: the role is back to user, tokens issued before still carry the claim.
  'users/demoted': profile('Demoted', 'user', 0),
  // An admin whose password was reset (or revoked) after SIGNED_IN.
  'users/reset-admin': profile('Reset-Admin', 'admin', 0, SESSIONS_ENDED),
  'users/alice/ledger/credit-1': { type: 'credit', amountPaisa: 100000, balanceAfterPaisa: 100000, rechargeId: 'rch-alice', at },
  'users/bob/ledger/credit-1': { type: 'credit', amountPaisa: 25000, balanceAfterPaisa: 25000, rechargeId: 'rch-bob', at },
  [ALICE_ORDER]: order('100000001', 'alice'),
  [BOB_ORDER]: order('100000002', 'bob'),
  [ACTIVE_SERVICE]: service('TikTok Followers (Real)', true),
  [INACTIVE_SERVICE]: service('TikTok Followers (Retired)', false),
  // A review published before reviews waited for approval (no status), one approved since, and one waiting
  // for approval.
  'reviews/review-1': { name: 'Bob', rating: 5, comment: 'Fast delivery', createdAt: at },
  'reviews/review-2': { name: 'Sana', rating: 4, comment: 'Good', createdAt: at, status: 'approved', decidedAt: at },
  'reviewQueue/review-3': { name: 'Spam', rating: 5, comment: 'Buy followers at evil.example', createdAt: at, status: 'pending' },
  'settings/public': {
    wallets: [{ provider: 'Easypaisa', accountNumber: '0300-0000001', accountName: 'Shohrat' }],
    supportChat: 'https://wa.me/1',
  },
  'settings/private': { note: 'not for clients' },
  'recharges/rch-alice': { userId: 'alice', amountPaisa: 100000, method: 'Easypaisa', at },
  'recharges/rch-bob': { userId: 'bob', amountPaisa: 25000, method: 'JazzCash', at },
  'audit/recharge-rch-alice': { subject: 'recharges/rch-alice', action: 'credit', by: 'admin@example.com', byUid: 'admin', at },
  'rechargeRequests/req-alice': {
    userId: 'alice',
    amountPaisa: 50000,
    method: 'Easypaisa',
    reference: 'TX1',
    status: 'pending',
    createdAt: at,
  },
  'rechargeRequests/req-bob': { userId: 'bob', amountPaisa: 50000, method: 'JazzCash', reference: 'TX2', status: 'pending', createdAt: at },
  'contactMessages/msg-1': { name: 'Visitor', email: 'visitor@example.com', message: 'Hello', createdAt: at },
  'idempotency/key-1': { uid: 'alice', scope: 'order', status: 200, body: '{}', at },
  'rateLimits/alice': { count: 3, windowStart: at },
  'rechargeReferences/easypaisa-tx1': { requestId: 'req-alice', userId: 'alice', createdAt: at },
  'providers/prov-1': {
    name: 'Upstream',
    url: 'https://upstream.example/api/v2',
    keyHint: '…9f2c',
    currency: 'USD',
    rateToPkr: 280,
    active: true,
  },
  'providerSecrets/prov-1': { key: 'secret-key-9f2c' },
  'providerClaims/prov-1': { claimedPaisa: 26_600 },
  'workerLeases/scheduled': { token: 'run-token', until: at },
  'workerRuns/run-1': { kind: 'scheduled', state: 'done', requestedBy: { uid: 'admin', email: 'admin@example.com' }, createdAt: at },
  [`serviceProviders/${ACTIVE_SERVICE.split('/')[1]}`]: { providerId: 'prov-1', serviceId: '1234', cost: 0.5, linkedAt: at },
  [`orderFulfilment/${ALICE_ORDER.split('/')[1]}`]: {
    state: 'sent',
    providerId: 'prov-1',
    providerServiceId: '1234',
    providerOrderId: '5001',
    costPaisa: 266,
    createdAt: at,
    updatedAt: at,
  },
  [ALICE_TICKET]: ticket('alice'),
  [`${ALICE_TICKET}/messages/0001`]: { from: 'customer', body: 'Where is my order?', createdAt: at },
  [BOB_TICKET]: ticket('bob'),
  [`${BOB_TICKET}/messages/0001`]: { from: 'customer', body: 'Refill please', createdAt: at },
  'ticketCounters/alice': { open: 1, unread: 0 },
  'savedReplies/reply-1': { title: 'Thanks', body: 'Thank you for writing', createdAt: at, updatedAt: at },
  [ALICE_NOTIFICATION]: notification(),
  [BOB_NOTIFICATION]: notification(),
  'notificationSettings/alice': { preferences: { order: { bell: true, push: false } }, devices: { 'device-1': at }, updatedAt: at },
  'notificationSettings/bob': { devices: {}, updatedAt: at },
  'pushDevices/device-1': { uid: 'alice', token: 'fcm-token-1', createdAt: at, lastSeenAt: at },
  // The top-up autopilot (decision record 0015): a paired phone, its signing key, a payment SMS, a day's
  // automatic credits.
  'walletDevices/phone-1': { name: 'Shop phone', wallet: 'Easypaisa', senders: ['3737'], createdAt: at, revokedAt: null },
  'walletDeviceKeys/phone-1': { key: 'the-signing-key-of-phone-1' },
  'walletEvents/Easypaisa:31455290817': {
    kind: 'payment',
    wallet: 'Easypaisa',
    tid: '31455290817',
    amountPaisa: 150000,
    status: 'unmatched',
  },
  'autoCredits/alice_2026-01-01': { count: 1 },
  'referralCodes/ALICE123': { uid: 'alice', createdAt: new Date('2026-01-01T00:00:00Z') },
  'users/alice/referralLedger/commission-r1': {
    type: 'commission',
    amountPaisa: 500,
    balanceAfterPaisa: 500,
    rechargeId: 'r1',
    fromUid: 'bob',
  },
  'settings/autopilot': { enabled: true, maxAmount: 10000, firstTopUpMax: 2000, dailyCount: 3 },
  'emulatorPushes/push-1': { message: { token: 'fcm-token-1', data: { title: 'Order #1 is completed' } }, outcome: 'sent', at },
  'notes/note-1': { text: 'a collection the rules do not mention' },
};

export async function seed(db: Firestore): Promise<void> {
  const batch = writeBatch(db);
  for (const [path, data] of Object.entries(FIXTURES)) batch.set(doc(db, path), data);
  await batch.commit();
}
