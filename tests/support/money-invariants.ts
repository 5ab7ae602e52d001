// The money invariants, checked over everything in the store: every money test runs this at its end, and
// the benchmarks after their runs. Each broken one comes back as a line: balances against the ledger,
// each order's debit and refund, each recharge's one credit, drip-feeds against their runs, the
// activeLinks counts and the wallet SMS of the top-up autopilot.
import { db as adminDb } from '../../functions/src/lib/admin';
import type { UserDoc } from '../../functions/src/services/accounts/users';
import type { RechargeDoc } from '../../functions/src/services/money/credits';
import { type LedgerDoc, signedAmount } from '../../functions/src/services/money/ledger';
import { legacyActiveLinkKey, type OrderDoc } from '../../functions/src/services/orders/orders';
import { partialRefund } from '../../functions/src/shared/money';

export async function findMoneyViolations(db = adminDb): Promise<string[]> {
  const problems: string[] = [];
  const [users, ledger, orders, recharges, activeLinks, adjustAudits, referralEntries] = await Promise.all([
    db.collection('users').get(),
    db.collectionGroup('ledger').get(),
    db.collection('orders').get(),
    db.collection('recharges').get(),
    db.collection('activeLinks').get(),
    db.collection('audit').where('action', '==', 'adjust').get(),
    db.collectionGroup('referralLedger').get(),
  ]);

  const sumByUser = new Map<string, number>();
  const creditedByUser = new Map<string, number>();
  const debitsByOrder = new Map<string, LedgerDoc[]>();
  const refundsByOrder = new Map<string, LedgerDoc[]>();
  const creditsByRecharge = new Map<string, LedgerDoc[]>();
  let credits = 0;
  let debits = 0;
  let refunds = 0;
  let adjustments = 0;
  let referralPayouts = 0;
  /** Main-ledger entries by path (a referral transfer's entry is checked against it). */
  const ledgerByPath = new Map<string, LedgerDoc>();
  /** Top-ups reversed: the reversal's adjustment names its recharge. */
  const reversedByUser = new Map<string, number>();
  const adjustmentsByUser = new Map<string, number>();

  for (const doc of ledger.docs) {
    const entry = doc.data() as LedgerDoc;
    const uid = doc.ref.parent.parent?.id ?? '?';
    // Only an adjustment's amount is signed; it is never 0.
    const valid = entry.type === 'adjustment' ? entry.amountPaisa !== 0 : entry.amountPaisa > 0;
    if (!Number.isSafeInteger(entry.amountPaisa) || !valid)
      problems.push(`ledger ${doc.ref.path}: ${entry.type} amount ${entry.amountPaisa}`);
    const signed = signedAmount(entry);
    sumByUser.set(uid, (sumByUser.get(uid) ?? 0) + signed);
    ledgerByPath.set(doc.ref.path, entry);
    if (entry.type === 'adjustment' && entry.rechargeId) reversedByUser.set(uid, (reversedByUser.get(uid) ?? 0) - entry.amountPaisa);
    if (entry.type === 'referral') {
      referralPayouts += entry.amountPaisa;
    } else if (entry.type === 'adjustment') {
      adjustments += entry.amountPaisa;
      adjustmentsByUser.set(uid, (adjustmentsByUser.get(uid) ?? 0) + 1);
      if (!entry.reason) problems.push(`adjustment ${doc.ref.path} has no reason`);
    } else if (entry.type === 'credit') {
      credits += entry.amountPaisa;
      creditedByUser.set(uid, (creditedByUser.get(uid) ?? 0) + entry.amountPaisa);
      const list = creditsByRecharge.get(entry.rechargeId ?? '') ?? [];
      list.push(entry);
      creditsByRecharge.set(entry.rechargeId ?? '', list);
    } else if (entry.type === 'debit') {
      debits += entry.amountPaisa;
      const list = debitsByOrder.get(entry.orderId ?? '') ?? [];
      list.push(entry);
      debitsByOrder.set(entry.orderId ?? '', list);
    } else if (entry.type === 'refund') {
      refunds += entry.amountPaisa;
      const list = refundsByOrder.get(entry.orderId ?? '') ?? [];
      list.push(entry);
      refundsByOrder.set(entry.orderId ?? '', list);
    } else {
      problems.push(`ledger ${doc.ref.path}: unknown type ${String(entry.type)}`);
    }
  }

  // Each adjustment was written with its audit entry, in the same transaction.
  const auditedAdjustments = new Map<string, number>();
  for (const doc of adjustAudits.docs) {
    const uid = String(doc.get('subject')).replace(/^users\//, '');
    auditedAdjustments.set(uid, (auditedAdjustments.get(uid) ?? 0) + 1);
  }
  for (const uid of new Set([...adjustmentsByUser.keys(), ...auditedAdjustments.keys()])) {
    if ((adjustmentsByUser.get(uid) ?? 0) !== (auditedAdjustments.get(uid) ?? 0))
      problems.push(
        `user ${uid}: ${adjustmentsByUser.get(uid) ?? 0} adjustments, ${auditedAdjustments.get(uid) ?? 0} adjust audit entries`,
      );
  }

  let totalBalance = 0;
  // No balance below zero or in part paisa; each is the sum of its ledger (only adjustments are signed).
  for (const doc of users.docs) {
    const user = doc.data() as UserDoc;
    const balance = user.balancePaisa ?? 0;
    totalBalance += balance;
    if (!Number.isSafeInteger(balance)) problems.push(`user ${doc.id}: balance ${balance} is not integer paisa`);
    if (balance < 0) problems.push(`user ${doc.id}: negative balance ${balance}`);
    const sum = sumByUser.get(doc.id) ?? 0;
    if (sum !== balance) problems.push(`user ${doc.id}: balance ${balance} ≠ ledger sum ${sum}`);
    // The lifetime credited total (price tiers), where kept, is every credit the ledger holds: each counted once.
    const credited = (creditedByUser.get(doc.id) ?? 0) - (reversedByUser.get(doc.id) ?? 0);
    if (user.creditedPaisa !== undefined && user.creditedPaisa !== credited)
      problems.push(`user ${doc.id}: creditedPaisa ${user.creditedPaisa} ≠ ledger credits ${credited}`);
  }
  for (const uid of sumByUser.keys()) {
    if (!users.docs.some((d) => d.id === uid)) problems.push(`ledger entries for missing user ${uid}`);
  }

  // One debit of the price (a drip-feed's run none: its drip-feed paid), at most one refund, and that the
  // one its status owes: all of a cancelled order, the remains' share of a partial one, else none.
  for (const doc of orders.docs) {
    const order = doc.data() as OrderDoc;
    const orderDebits = debitsByOrder.get(doc.id) ?? [];
    const orderRefunds = refundsByOrder.get(doc.id) ?? [];
    if (order.dripRun) {
      if (orderDebits.length !== 0) problems.push(`drip-feed run ${doc.id}: ${orderDebits.length} debits (its drip-feed paid)`);
    } else if (orderDebits.length !== 1) problems.push(`order ${doc.id}: ${orderDebits.length} debits`);
    else if (orderDebits[0]?.amountPaisa !== order.pricePaisa) problems.push(`order ${doc.id}: debit ≠ price`);
    if (orderRefunds.length > 1) problems.push(`order ${doc.id}: ${orderRefunds.length} refunds`);
    const refund = orderRefunds[0]?.amountPaisa ?? 0;
    if (refund > order.pricePaisa) problems.push(`order ${doc.id}: refund ${refund} > price ${order.pricePaisa}`);
    const expected =
      order.status === 'cancelled'
        ? order.pricePaisa
        : order.status === 'partial' && order.remains !== undefined
          ? partialRefund(order.pricePaisa, order.remains, order.quantity)
          : 0;
    if (refund !== expected) problems.push(`order ${doc.id} (${order.status}): refund ${refund}, expected ${expected}`);
    if ((order.refundPaisa ?? 0) !== refund) problems.push(`order ${doc.id}: refundPaisa ${order.refundPaisa} ≠ ledger refund ${refund}`);
  }
  problems.push(...dripFeedViolations(orders.docs.map((d) => ({ id: d.id, order: d.data() as OrderDoc }))));

  for (const orderId of new Set([...debitsByOrder.keys(), ...refundsByOrder.keys()])) {
    if (!orders.docs.some((d) => d.id === orderId)) problems.push(`ledger entry for missing order ${orderId}`);
  }

  // Every recharge record has exactly one credit of its amount, and every credit a recharge record.
  const rechargeIds = new Set(recharges.docs.map((d) => d.id));
  for (const doc of recharges.docs) {
    const recharge = doc.data() as RechargeDoc;
    const list = creditsByRecharge.get(doc.id) ?? [];
    if (list.length !== 1) problems.push(`recharge ${doc.id}: ${list.length} credits`);
    else if (list[0]?.amountPaisa !== recharge.amountPaisa) problems.push(`recharge ${doc.id}: credit ≠ amount`);
  }
  for (const rechargeId of creditsByRecharge.keys()) {
    if (!rechargeIds.has(rechargeId)) problems.push(`credit without a recharge record (${rechargeId})`);
  }

  // Each active order counts in the activeLinks document it names (orders placed before the key was
  // per customer name none: theirs is the older key, per service and link).
  const activeCounts = new Map<string, number>();
  for (const doc of orders.docs) {
    const order = doc.data() as OrderDoc;
    if (order.status === 'pending' || order.status === 'processing') {
      const key = order.activeLinkKey ?? legacyActiveLinkKey(order.serviceId, order.link);
      activeCounts.set(key, (activeCounts.get(key) ?? 0) + 1);
    }
  }
  const stored = new Map(activeLinks.docs.map((d) => [d.id, d.get('count') as number]));
  const described = new Map(
    activeLinks.docs.map((d) => [d.id, `${d.get('uid') ?? '(any customer)'} ${d.get('serviceId')} ${d.get('link')}`]),
  );
  for (const key of new Set([...activeCounts.keys(), ...stored.keys()])) {
    if ((activeCounts.get(key) ?? 0) !== (stored.get(key) ?? 0)) {
      problems.push(
        `active orders for ${described.get(key) ?? key}: ${activeCounts.get(key) ?? 0}, activeLinks says ${stored.get(key) ?? 0}`,
      );
    }
  }

  // All balances together = credits − debits + refunds + adjustments + referral earnings moved in.
  if (totalBalance !== credits - debits + refunds + adjustments + referralPayouts) {
    problems.push(
      `total balances ${totalBalance} ≠ credits ${credits} − debits ${debits} + refunds ${refunds} + adjustments ${adjustments} + referral ${referralPayouts}`,
    );
  }
  problems.push(...referralViolations(users.docs, referralEntries.docs, ledgerByPath, recharges.docs));
  problems.push(...(await walletViolations(db, recharges.docs)));
  return problems;
}

/**
 * The top-up autopilot (decision record 0015): a wallet SMS settles one request at most, and an automatic
 * credit is exactly what its SMS says arrived, once.
 * - every matched payment names an approved request, and an automatic credit's request names it back;
 * - no two approved requests were settled by one SMS, no request credited twice, no transaction id credited
 *   by two requests;
 * - an automatic credit's recharge is the SMS's amount, for the request's customer.
 */
async function walletViolations(db: typeof adminDb, recharges: FirebaseFirestore.QueryDocumentSnapshot[]): Promise<string[]> {
  const problems: string[] = [];
  const [events, requests] = await Promise.all([db.collection('walletEvents').get(), db.collection('rechargeRequests').get()]);
  const requestById = new Map(requests.docs.map((d) => [d.id, d.data()]));
  const rechargesByRequest = new Map<string, FirebaseFirestore.DocumentData[]>();
  for (const doc of recharges) {
    const requestId = doc.get('requestId') as string | undefined;
    if (!requestId) continue;
    rechargesByRequest.set(requestId, [...(rechargesByRequest.get(requestId) ?? []), { id: doc.id, ...doc.data() }]);
  }
  for (const [requestId, list] of rechargesByRequest) {
    if (list.length > 1) problems.push(`recharge request ${requestId} credited ${list.length} times`);
  }
  const eventById = new Map(events.docs.map((d) => [d.id, d.data()]));
  for (const doc of events.docs) {
    const event = doc.data();
    if (event.status !== 'matched') continue;
    const request = requestById.get(event.requestId);
    if (request?.status !== 'approved') problems.push(`wallet SMS ${doc.id} matched to ${event.requestId}, which is not approved`);
  }
  const settledBy = new Map<string, string[]>();
  const creditedTids = new Map<string, string[]>();
  for (const doc of requests.docs) {
    const request = doc.data();
    if (request.status !== 'approved') continue;
    const key = request.referenceKey ?? String(request.reference).trim().toUpperCase();
    creditedTids.set(key, [...(creditedTids.get(key) ?? []), doc.id]);
    if (!request.walletEventId) {
      if (request.autoCredited) problems.push(`request ${doc.id} credited automatically without an SMS`);
      continue;
    }
    settledBy.set(request.walletEventId, [...(settledBy.get(request.walletEventId) ?? []), doc.id]);
    const event = eventById.get(request.walletEventId);
    if (event?.status !== 'matched' || event.requestId !== doc.id) {
      problems.push(`request ${doc.id} settled by SMS ${request.walletEventId}, which is not matched to it`);
      continue;
    }
    // An attached SMS of another id credits that id too: it is the payment's real id.
    if (event.tid && event.tid !== key) creditedTids.set(event.tid, [...(creditedTids.get(event.tid) ?? []), doc.id]);
    if (request.autoCredited) {
      const [recharge] = rechargesByRequest.get(doc.id) ?? [];
      if (recharge?.amountPaisa !== event.amountPaisa || recharge?.userId !== request.userId)
        problems.push(
          `automatic credit of request ${doc.id}: ${recharge?.amountPaisa} to ${recharge?.userId}, the SMS says ${event.amountPaisa}`,
        );
    }
  }
  for (const [eventId, list] of settledBy)
    if (list.length > 1) problems.push(`wallet SMS ${eventId} settled ${list.length} requests: ${list.join(', ')}`);
  for (const [tid, list] of creditedTids)
    if (list.length > 1) problems.push(`transaction id ${tid} credited by ${list.length} requests: ${list.join(', ')}`);
  return problems;
}

/** Each drip-feed against its runs (the refund of each order is checked with the others above). */
function dripFeedViolations(all: { id: string; order: OrderDoc }[]): string[] {
  const problems: string[] = [];
  const byId = new Map(all.map((o) => [o.id, o.order]));
  for (const { id, order } of all) {
    if (order.dripRun) {
      const parent = byId.get(order.dripRun.parentId);
      if (!parent?.dripFeed?.orders.includes(Number(id)))
        problems.push(`drip-feed run ${id}: not listed by its drip-feed ${order.dripRun.parentId}`);
      continue;
    }
    const plan = order.dripFeed;
    if (!plan) continue;
    const runPrice = order.pricePaisa / plan.runs;
    if (!Number.isSafeInteger(runPrice)) problems.push(`drip-feed ${id}: price ${order.pricePaisa} is not ${plan.runs} equal runs`);
    if (plan.orders.length !== plan.runsDone) problems.push(`drip-feed ${id}: ${plan.orders.length} runs listed, ${plan.runsDone} started`);
    const runs = plan.orders.map((n) => ({ n, run: byId.get(String(n)) }));
    for (const [i, { n, run }] of runs.entries()) {
      if (run?.dripRun?.parentId !== id || run.dripRun.run !== i + 1) problems.push(`drip-feed ${id}: order ${n} is not its run ${i + 1}`);
      else if (run.pricePaisa !== runPrice || run.quantity !== plan.quantity) problems.push(`drip-feed ${id}: run ${n} is not one run`);
    }
    const started = runs.reduce((sum, { run }) => sum + (run?.pricePaisa ?? 0), 0);
    const open = order.status === 'pending' || order.status === 'processing';
    const unstarted = open ? (plan.runs - plan.runsDone) * runPrice : 0;
    if ((order.refundPaisa ?? 0) + started + unstarted !== order.pricePaisa)
      problems.push(
        `drip-feed ${id} (${order.status}): refund ${order.refundPaisa ?? 0} + runs started ${started} + not started ${unstarted} ≠ price ${order.pricePaisa}`,
      );
    if (open !== (plan.nextRunAt !== undefined))
      problems.push(`drip-feed ${id} (${order.status}): next run ${plan.nextRunAt ? 'due' : 'none'}`);
  }
  return problems;
}

/** Fails the test with every violation listed. */
export async function expectMoneyInvariants(): Promise<void> {
  const problems = await findMoneyViolations();
  if (problems.length > 0) throw new Error(`Money invariants violated:\n${problems.join('\n')}`);
}

/**
 * Referral commissions (issue 34): each referrer's referral balance is the sum of its entries, its earned and
 * transferred figures those of its commissions (less reversals) and transfers; a commission is of a credit of an
 * account the referrer brought, once, never above the credit; each transfer has its main-ledger entry of the same
 * amount.
 */
function referralViolations(
  users: FirebaseFirestore.QueryDocumentSnapshot[],
  entries: FirebaseFirestore.QueryDocumentSnapshot[],
  ledgerByPath: Map<string, LedgerDoc>,
  recharges: FirebaseFirestore.QueryDocumentSnapshot[],
): string[] {
  const problems: string[] = [];
  const profiles = new Map(users.map((d) => [d.id, d.data() as UserDoc]));
  const rechargeOf = new Map(recharges.map((d) => [d.id, d.data() as RechargeDoc]));
  const sums = new Map<string, { balance: number; earned: number; transferred: number }>();
  const byPath = new Map(entries.map((d) => [d.ref.path, d.data() as { amountPaisa: number }]));
  for (const doc of entries) {
    const uid = doc.ref.parent.parent?.id ?? '?';
    const entry = doc.data() as { type: string; amountPaisa: number; rechargeId?: string; fromUid?: string; ledgerEntryId?: string };
    const sum = sums.get(uid) ?? { balance: 0, earned: 0, transferred: 0 };
    sum.balance += entry.amountPaisa;
    if (entry.type === 'commission' || entry.type === 'reversal') {
      sum.earned += entry.amountPaisa;
      const recharge = rechargeOf.get(entry.rechargeId ?? '');
      if (!recharge) problems.push(`referral ${doc.ref.path}: no top-up ${entry.rechargeId}`);
      else if (recharge.userId !== entry.fromUid || profiles.get(recharge.userId)?.referredBy !== uid)
        problems.push(`referral ${doc.ref.path}: a top-up of an account ${uid} did not bring`);
      else if (Math.abs(entry.amountPaisa) > recharge.amountPaisa) problems.push(`referral ${doc.ref.path}: more than its top-up`);
      if (entry.type === 'commission' && doc.id !== `commission-${entry.rechargeId}`) problems.push(`referral ${doc.ref.path}: misnamed`);
      if (entry.type === 'reversal') {
        if (!recharge?.reversed) problems.push(`referral ${doc.ref.path}: reversal of a top-up not reversed`);
        const commission = byPath.get(doc.ref.path.replace(/reversal-([^/]+)$/, 'commission-$1'));
        if (!commission || commission.amountPaisa !== -entry.amountPaisa)
          problems.push(`referral ${doc.ref.path}: reverses no commission of its amount`);
      }
    } else if (entry.type === 'transfer') {
      sum.transferred -= entry.amountPaisa;
      const moved = ledgerByPath.get(`users/${uid}/ledger/${entry.ledgerEntryId}`);
      if (moved?.type !== 'referral' || moved.amountPaisa !== -entry.amountPaisa)
        problems.push(`referral ${doc.ref.path}: no main-ledger entry of its amount`);
    } else problems.push(`referral ${doc.ref.path}: unknown type ${entry.type}`);
    sums.set(uid, sum);
  }
  // A reversed top-up has its adjustment of the whole amount, and its commission (if one was paid) its reversal.
  for (const [id, recharge] of rechargeOf) {
    if (!recharge.reversed) continue;
    const adjustment = ledgerByPath.get(`users/${recharge.userId}/ledger/reverse-${id}`);
    if (adjustment?.type !== 'adjustment' || adjustment.amountPaisa !== -recharge.amountPaisa)
      problems.push(`recharge ${id}: reversed without its adjustment of -${recharge.amountPaisa}`);
    const referrer = profiles.get(recharge.userId)?.referredBy;
    if (
      referrer &&
      byPath.has(`users/${referrer}/referralLedger/commission-${id}`) &&
      !byPath.has(`users/${referrer}/referralLedger/reversal-${id}`)
    )
      problems.push(`recharge ${id}: reversed, its commission not`);
  }
  for (const [uid, profile] of profiles) {
    const sum = sums.get(uid) ?? { balance: 0, earned: 0, transferred: 0 };
    if ((profile.referralBalancePaisa ?? 0) !== sum.balance) problems.push(`user ${uid}: referral balance ≠ its entries ${sum.balance}`);
    if ((profile.referralEarnedPaisa ?? 0) !== sum.earned) problems.push(`user ${uid}: referral earned ≠ its commissions ${sum.earned}`);
    if ((profile.referralTransferredPaisa ?? 0) !== sum.transferred)
      problems.push(`user ${uid}: referral transferred ≠ its transfers ${sum.transferred}`);
    if (profile.referredBy === uid) problems.push(`user ${uid}: referred by itself`);
  }
  return problems;
}
