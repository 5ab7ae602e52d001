// What an audit entry says, in a sentence or two: "Credited Rs 500 to Ali Khan (ali@example.com). Balance Rs 100 →
// Rs 600." One builder per kind of action (AUDIT_TYPES), reading what its writer records in before and after
// (recordAudit's callers under functions/src) and the names the API looked up as the page was read (the account, the
// service, the providers). A field no builder knows is named in words with its value written plainly; a structure
// is named, never written out as JSON.
import type { AuditType } from '@shared/audit';
import { formatNumber } from '@shared/numbers';
import { PLATFORM_LABELS } from '@shared/platforms';
import { SYNC_OFF_REASONS } from '@shared/schemas/catalogue';
import type { AuditEntry } from '@shared/schemas/reports';
import { paths } from '@/config/paths';
import { formatAmount, formatDay, formatMoney, formatPaisa, formatRateToPkr } from '@/lib/format';

/** A piece of a sentence: text, or text that opens a page of the console (the account, the order, the services). */
export type Part = string | { text: string; href: string };
type Piece = Part | readonly Part[] | null | undefined | false | '';
type Fields = Record<string, unknown>;

/** An entry as its builder reads it: its subject's id and its before and after, never missing. */
interface Read {
  entry: AuditEntry;
  /** The subject's document id (`orders/123456789` → `123456789`). */
  id: string;
  before: Fields;
  after: Fields;
}

/** The pieces in order, nested lists flattened and empty ones left out. */
function say(...pieces: Piece[]): Part[] {
  return pieces.flatMap((piece): Part[] =>
    !piece ? [] : typeof piece === 'string' || !Array.isArray(piece) ? [piece as Part] : [...piece],
  );
}

// ---- Values ----

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const moneyOf = (value: unknown): string | undefined => {
  const amount = numberOf(value);
  return amount === undefined ? undefined : formatAmount(amount);
};
/** A count or a number of no currency: grouped when whole, as recorded otherwise. */
const plainNumber = (n: number) => (Number.isInteger(n) ? formatNumber(n) : String(n));
const countOf = (value: unknown) => {
  const n = numberOf(value);
  return n === undefined ? undefined : plainNumber(n);
};
/** An id as recorded, a text or a number (an order's, a provider's order or service). */
const idText = (value: unknown) => textOf(value) ?? countOf(value);
const quoted = (text: string) => `“${text}”`;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const counted = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;
const platformOf = (value: unknown) => {
  const platform = textOf(value);
  return platform ? (PLATFORM_LABELS[platform as keyof typeof PLATFORM_LABELS] ?? platform) : undefined;
};
/** "TikTok Followers": a platform and a category, either left out when not recorded. */
const whereOf = (fields: Fields) => [platformOf(fields.platform), textOf(fields.category)].filter(Boolean).join(' ');
/** A sentence's last words, with a full stop unless they end with one already. */
const stopped = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const ORDER_STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  processing: 'In progress',
  completed: 'Completed',
  partial: 'Partial',
  cancelled: 'Cancelled',
};
/** A recorded word (a status, a state) in the words of `words`, else as `otherwise` writes it. */
const wordsFor =
  (words: Record<string, string>, otherwise: (word: string) => string) =>
  (value: unknown): string | undefined => {
    const word = textOf(value);
    return word ? (words[word] ?? otherwise(word)) : undefined;
  };
const statusOf = wordsFor(ORDER_STATUS_WORDS, capitalized);

/** Where an order stood with its provider (services/orders/fulfilment.ts states), after "it". */
const FULFILMENT_WORDS: Record<string, string> = {
  manual: 'was handled by hand',
  queued: 'was waiting to be sent',
  sending: 'was being sent',
  sent: 'was sent',
  failed: 'had failed',
  unknown: 'was in doubt (no answer from the provider)',
};
/** " with 400 not delivered" of an order set to Partial (its remains), else nothing. */
const undelivered = (after: Fields) => {
  const remains = after.status === 'partial' && countOf(after.remains);
  return remains ? ` with ${remains} not delivered` : '';
};
const stoodOf = wordsFor(FULFILMENT_WORDS, (word) => `was ${word}`);

/** Any recorded value in words: nothing is "none", a list is its items; a structure or a long text is not written. */
function plainValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'string') return value.length > 80 ? undefined : value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.length === 0 ? 'none' : value.map((item) => (typeof item === 'number' ? plainNumber(item) : item)).join(', ');
  }
  return undefined;
}

/** A field named in words when no builder knows it: `supportChat` → "support chat". */
const fieldWords = (field: string) =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

// ---- Who and what: the names the API looked up, else what the entry recorded ----

const link = (text: string, href: string): Part => ({ text, href });

/** The account it is about: "Ali Khan (ali@example.com)", the name opening the account's page. */
function account({ entry, id, after, before }: Read): Part[] {
  const [kind] = entry.subject.split('/', 1);
  const uid = kind === 'users' || kind === 'adminMfa' ? id : (textOf(after.userId) ?? textOf(before.userId));
  if (entry.user) {
    const href = paths.adminUser.getHref(entry.user._id);
    return entry.user.name && entry.user.name !== entry.user.email
      ? [link(entry.user.name, href), ` (${entry.user.email})`]
      : [link(entry.user.email, href)];
  }
  if (!uid) return ['a customer'];
  const email = textOf(after.email);
  return [link(email ?? `the account ${uid}`, paths.adminUser.getHref(uid))];
}

/** "order #123456789", opening the admin's orders found by that number. */
const order = (number: unknown): Part => {
  const id = idText(number);
  return id ? link(`order #${id}`, paths.adminOrders.getHref({ q: id })) : 'an order';
};

/** "service 101 Real Followers": opens the services while it exists; a deleted one is named as the entry recorded it. */
function service({ entry, id, after, before }: Read): Part {
  if (entry.service) return link(`service ${entry.service.number} ${entry.service.name}`, paths.adminServices.getHref());
  const number = countOf(after.number ?? before.number);
  const name = textOf(after.name) ?? textOf(before.name);
  return `service ${[number ?? (name ? undefined : id), name].filter(Boolean).join(' ')}`;
}

const providerOf = (read: Read, id: unknown) => read.entry.providers?.find((p) => p._id === id);

/** "provider Demo": its name now, else as the provider's own entry recorded it. */
function provider(read: Read, id: unknown): string {
  const own = read.entry.subject === `providers/${String(id)}`;
  const name = providerOf(read, id)?.name ?? (own ? (textOf(read.after.name) ?? textOf(read.before.name)) : undefined);
  return name ? `provider ${name}` : own ? 'a provider' : 'its provider';
}

/** An amount in a provider's currency ("USD 0.95"), as recorded when the currency is not known. */
function moneyIn(currency: string | undefined, amount: unknown): string | undefined {
  const n = numberOf(amount);
  return n === undefined ? undefined : currency ? formatMoney(n, currency) : plainNumber(n);
}
const providerMoney = (read: Read, providerId: unknown, amount: unknown) => moneyIn(providerOf(read, providerId)?.currency, amount);

// ---- Changes: "the rate from Rs 250 to Rs 300 per 1,000" ----

interface FieldSpec {
  /** The field in words ("rate"). */
  label: string;
  /** Its value in words; undefined when not for a sentence (a long text): the change alone is said ("a new description"). */
  value?: (value: unknown) => string | undefined;
  /** Written after the new value (" per 1,000"). */
  unit?: string;
  /** A change said as a deed instead: the verb and what follows "it" ("took", "off sale"). */
  deed?: (to: unknown) => [verb: string, rest: string];
  /** A change said whole ("added the wallet …"), for a list whose items come and go. */
  clause?: (from: unknown, to: unknown) => string;
}

const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : plainValue(value));
const percent = (value: unknown) => {
  const n = numberOf(value);
  return n === undefined ? plainValue(value) : `${plainNumber(n)}%`;
};
const money = (value: unknown) => moneyOf(value) ?? plainValue(value);
const count = (value: unknown) => countOf(value) ?? plainValue(value);

type Wallet = { provider?: unknown; accountNumber?: unknown; accountName?: unknown };
const walletWords = (w: Wallet) => `${String(w.provider)} ${String(w.accountNumber)} (${String(w.accountName)})`;
/** The wallet accounts customers pay to: those added and those removed (a changed number is both). */
function walletsClause(from: unknown, to: unknown): string {
  const list = (value: unknown) => (Array.isArray(value) ? (value as Wallet[]).map(walletWords) : []);
  const [was, now] = [list(from), list(to)];
  const added = now.filter((w) => !was.includes(w));
  const removed = was.filter((w) => !now.includes(w));
  const accounts = (list: string[]) => `the wallet ${list.length === 1 ? 'account' : 'accounts'} ${list.join(', ')}`;
  const parts = [added.length > 0 && `added ${accounts(added)}`, removed.length > 0 && `removed ${accounts(removed)}`].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'reordered the wallet accounts';
}

type TierFields = { name?: unknown; threshold?: unknown; thresholdPaisa?: unknown; percent?: unknown };
/** A price tier: "Silver from Rs 25,000 (3% off)" (the settings document keeps its threshold in paisa). */
function tierWords(t: TierFields): string {
  const paisa = numberOf(t.thresholdPaisa);
  const from = paisa !== undefined ? formatPaisa(paisa) : moneyOf(t.threshold);
  const off = numberOf(t.percent);
  return [textOf(t.name) ?? 'a tier', from && `from ${from}`, off !== undefined && `(${plainNumber(off)}% off)`].filter(Boolean).join(' ');
}
/** The tier table as it became (the whole table is saved at once). */
function tiersClause(_from: unknown, to: unknown): string {
  const tiers = Array.isArray(to) ? (to as unknown[]).filter(isRecord).map((t) => tierWords(t as TierFields)) : [];
  return tiers.length > 0 ? `now ${tiers.join(', ')}` : 'removed every tier';
}

/** The fields the writers record, in words (services, providers, the settings documents, the updates feed). */
const FIELDS: Record<string, FieldSpec> = {
  amount: { label: 'amount', value: money },
  balance: { label: 'balance', value: money },
  refund: { label: 'refund', value: money },
  platform: { label: 'platform', value: (v) => platformOf(v) ?? plainValue(v) },
  ratePer1000: { label: 'rate', value: money, unit: ' per 1,000' },
  min: { label: 'minimum quantity', value: count },
  max: { label: 'maximum quantity', value: count },
  defaultQuantity: { label: 'default quantity', value: count },
  description: { label: 'description', value: () => undefined },
  refillDays: {
    label: 'refill window',
    value: (v) => (v === 0 ? 'no refill' : numberOf(v) !== undefined ? counted(v as number, 'day') : plainValue(v)),
  },
  cancelAllowed: { label: 'cancelling', value: (v) => (v === true ? 'allowed' : v === false ? 'not allowed' : plainValue(v)) },
  dripfeed: { label: 'drip-feed', value: onOff },
  active: { label: 'sale', deed: (to) => (to === false ? ['took', 'off sale'] : ['put', 'on sale']) },
  offBySync: {
    label: 'reason it is off sale',
    value: (v) => SYNC_OFF_REASONS[v as keyof typeof SYNC_OFF_REASONS] ?? plainValue(v),
  },
  marginAlert: {
    label: 'margin alert',
    value: (v) => {
      if (!isRecord(v)) return plainValue(v);
      const margin = numberOf((v as { marginPercent?: unknown }).marginPercent);
      return margin === undefined ? 'on' : `on (${plainNumber(margin)}% margin)`;
    },
  },
  url: { label: 'API address' },
  keyHint: { label: 'API key', value: (v) => (textOf(v) ? `key ending ${String(v).replace(/^…/, '')}` : plainValue(v)) },
  wallets: { label: 'wallet accounts', clause: walletsClause },
  supportChat: { label: 'support chat link' },
  marginThresholdPercent: { label: 'margin alert threshold', value: percent },
  disableBelowMargin: {
    label: 'services under the margin',
    deed: (to) => ['set', to === true ? 'to take services under the margin off sale' : 'to leave services under the margin on sale'],
  },
  failedRefundHours: {
    label: 'refund of failed orders',
    value: (v) => (v === null ? 'never' : numberOf(v) !== undefined ? `after ${counted(v as number, 'hour')}` : plainValue(v)),
  },
  enabled: { label: 'state', deed: (to) => ['turned', to === false ? 'off' : 'on'] },
  maxAmount: { label: 'auto-credit limit', value: money },
  firstTopUpMax: { label: 'first top-up limit', value: money },
  dailyCount: { label: 'daily limit of automatic credits per customer', value: count },
  tiers: { label: 'price tiers', clause: tiersClause },
};

type Change =
  | { kind: 'value'; label: string; from?: string | undefined; to?: string | undefined; unit: string }
  | { kind: 'deed'; verb: string; rest: string }
  | { kind: 'clause'; text: string };

/** Each field that changed from `before` to `after`, in words (fields in `skip` are said elsewhere). */
function changesOf(read: Read, specs: Record<string, FieldSpec> = {}, skip: readonly string[] = []): Change[] {
  const { before, after } = read;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !skip.includes(f));
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f): Change => {
      const spec = specs[f] ?? FIELDS[f] ?? { label: fieldWords(f) };
      if (spec.deed) {
        const [verb, rest] = spec.deed(after[f]);
        return { kind: 'deed', verb, rest };
      }
      if (spec.clause) return { kind: 'clause', text: spec.clause(before[f], after[f]) };
      const value = spec.value ?? plainValue;
      return { kind: 'value', label: spec.label, from: value(before[f]), to: value(after[f]), unit: spec.unit ?? '' };
    });
}

/** A change as a clause of a list: "the rate from Rs 250 to Rs 300 per 1,000", "took it off sale". */
function clauseOf(change: Change): string {
  if (change.kind === 'deed') return `${change.verb} it ${change.rest}`;
  if (change.kind === 'clause') return change.text;
  return change.from !== undefined && change.to !== undefined
    ? `the ${change.label} from ${change.from} to ${change.to}${change.unit}`
    : `a new ${change.label}`;
}

const clauses = (changes: Change[]) => (changes.length > 0 ? `: ${changes.map(clauseOf).join('; ')}.` : '.');

/**
 * The changes to `subject` in a sentence: one change reads whole ("Changed the rate of service 101 Real Followers
 * from Rs 250 to Rs 300 per 1,000.", "Took service 101 … off sale."), several as a list after the subject.
 */
function changeSentence(subject: Part | readonly Part[], changes: Change[]): Part[] {
  const [only] = changes;
  if (changes.length !== 1 || !only || only.kind === 'clause') return say('Changed ', subject, clauses(changes));
  if (only.kind === 'deed') return say(`${capitalized(only.verb)} `, subject, ` ${only.rest}.`);
  if (only.from === undefined || only.to === undefined) return say(`Changed the ${only.label} of `, subject, '.');
  return say(`Changed the ${only.label} of `, subject, ` from ${only.from} to ${only.to}${only.unit}.`);
}

// ---- The sentence of each kind of action ----

const balanceChange = ({ before, after }: Read): Piece => {
  const [from, to] = [moneyOf(before.balance), moneyOf(after.balance)];
  return from && to ? ` Balance ${from} → ${to}.` : null;
};

/** Where a service sells and at what: " in TikTok Followers at Rs 250 per 1,000 (orders of 100 to 10,000)". */
function serviceTerms(fields: Fields): string {
  const where = whereOf(fields);
  const rate = moneyOf(fields.ratePer1000);
  const [min, max] = [countOf(fields.min), countOf(fields.max)];
  return [where && ` in ${where}`, rate && ` at ${rate} per 1,000`, min && max && ` (orders of ${min} to ${max})`].filter(Boolean).join('');
}

/** "the top-up of Rs 1,000 from Ali Khan (…)": a top-up request's amount and who asked. */
const topUp = (read: Read): Part[] => {
  const amount = moneyOf(read.after.amount);
  return say(amount ? `the top-up of ${amount} from ` : 'a top-up from ', account(read));
};

const savedReply = ({ before, after }: Read) => quoted(textOf(after.title) ?? textOf(before.title) ?? 'untitled');

const SETTINGS_NAMES: Record<string, string> = {
  public: 'the payment and support settings',
  forwarding: 'the forwarding settings',
  autopilot: 'the top-up autopilot',
  tiers: 'the price tiers',
  referrals: 'the referral programme',
};

/** A settings document's own fields, where the common words would not do. */
const SETTINGS_FIELDS: Record<string, Record<string, FieldSpec>> = {
  referrals: { percent: { label: 'commission', value: percent } },
};

const EXPORT_NAMES: Record<string, string> = { orders: 'orders', ledger: 'ledger entries', 'top-ups': 'top-ups' };

const CANCEL_ANSWERS: Record<string, string> = {
  requested: 'it took the request (the refund follows its confirmation)',
  refused: 'it refused',
  unknown: 'it did not answer',
};

/** A provider's fields in words: its exchange rate and low-balance threshold are in its own currency. */
function providerFields(read: Read): Record<string, FieldSpec> {
  const currency = textOf(read.after.currency) ?? textOf(read.before.currency) ?? providerOf(read, read.id)?.currency;
  return {
    active: FIELDS.enabled as FieldSpec,
    rateToPkr: {
      label: 'exchange rate',
      value: (v) => (numberOf(v) !== undefined ? formatRateToPkr(currency ?? 'unit', v as number) : plainValue(v)),
    },
    lowBalanceBelow: { label: 'low-balance alert', value: (v) => (v === null ? 'the default' : (moneyIn(currency, v) ?? plainValue(v))) },
  };
}

type ProviderLink = { id?: unknown; serviceId?: unknown; cost?: unknown };
/** A provider's own service: "service 7 at USD 0.95 per 1,000". */
function theirService(read: Read, { id, serviceId, cost }: ProviderLink): string {
  const price = providerMoney(read, id, cost);
  const number = idText(serviceId);
  return `${number ? `service ${number}` : 'service'}${price ? ` at ${price} per 1,000` : ''}`;
}

/** A service's link to a provider: "provider Demo’s service 7 at USD 0.95 per 1,000", or none (handled by hand). */
function linkWords(read: Read, value: unknown): string | undefined {
  if (value === null || value === undefined) return 'none (handled by hand)';
  if (typeof value !== 'object' || Array.isArray(value)) return plainValue(value);
  return `${provider(read, (value as ProviderLink).id)}’s ${theirService(read, value as ProviderLink)}`;
}

const ticket = (read: Read) => link('a support ticket', paths.adminTicket.getHref(read.id));

function review(after: Fields): string {
  const name = textOf(after.name);
  const rating = countOf(after.rating);
  return `${name ? `${name}’s ` : 'a '}${rating ? `${rating}-star ` : ''}review`;
}

/** A customer's pricing as recorded (services/catalogue/pricing.ts): a tier set by hand, a percent, fixed rates in rupees. */
function pricingChanges({ before, after }: Read): string[] {
  const changes: string[] = [];
  const [wasTier, tier] = [textOf(before.tier), textOf(after.tier)];
  if (wasTier !== tier) {
    changes.push(
      tier ? `set the tier by hand to ${tier}${wasTier ? ` (was ${wasTier})` : ''}` : 'gave the tier back to their top-ups (earned)',
    );
  }
  const [was, now] = [numberOf(before.percent), numberOf(after.percent)];
  if (was !== now) {
    changes.push(
      now === undefined
        ? `cleared their own percent (was ${percent(was)})`
        : was === undefined
          ? `set their own percent to ${percent(now)} off`
          : `their own percent from ${percent(was)} to ${percent(now)}`,
    );
  }
  const [wasRates, rates] = [isRecord(before.rates) ? before.rates : {}, isRecord(after.rates) ? after.rates : {}];
  for (const id of [...new Set([...Object.keys(wasRates), ...Object.keys(rates)])]) {
    const [from, to] = [moneyOf(wasRates[id]), moneyOf(rates[id])];
    if (from === to) continue;
    if (!to) changes.push(`removed the fixed rate of service ${id}`);
    else if (!from) changes.push(`a fixed rate of ${to} per 1,000 for service ${id}`);
    else changes.push(`the fixed rate of service ${id} from ${from} to ${to} per 1,000`);
  }
  return changes;
}

const SENTENCES: Record<AuditType, (read: Read) => Part[]> = {
  credit: (read) => say(`Credited ${moneyOf(read.after.amount) ?? 'a top-up'} to `, account(read), '.', balanceChange(read)),
  approve: (read) => {
    const [amount, asked] = [moneyOf(read.after.amount), moneyOf(read.after.requested)];
    if (amount && asked) return say('Approved the top-up from ', account(read), `: credited ${amount} of the ${asked} asked.`);
    return say('Approved ', topUp(read), '.');
  },
  reject: (read) => {
    const freed = Array.isArray(read.after.freedSms) ? read.after.freedSms.length : 0;
    return say(
      'Rejected ',
      topUp(read),
      '.',
      freed > 0 && ` ${counted(freed, 'wallet SMS', 'wallet SMS')} it held may match another request now.`,
    );
  },
  adjust: (read) => {
    const amount = numberOf(read.after.amount);
    const what =
      amount === undefined
        ? say('Adjusted the balance of ', account(read))
        : amount < 0
          ? say(`Took ${formatAmount(-amount)} from the balance of `, account(read))
          : say(`Added ${formatAmount(amount)} to the balance of `, account(read));
    // A reversed top-up's adjustment names it (services/money/top-up-reversals.ts); its own entry follows.
    return say(what, textOf(read.after.rechargeId) && ' to reverse a top-up', '.', balanceChange(read));
  },
  status: (read) => {
    const { before, after } = read;
    const was = statusOf(before.status);
    const refund = moneyOf(after.refund);
    return say(
      'Set ',
      order(read.id),
      ` to ${statusOf(after.status) ?? 'another status'}`,
      undelivered(after),
      was && ` (was ${was})`,
      '.',
      refund && say(` Refunded ${refund} to `, account(read), '.'),
    );
  },
  password_reset: (read) => say('Set a new password for ', account(read), '.'),
  block: (read) => say('Blocked ', account(read), '.'),
  unblock: (read) => say('Unblocked ', account(read), '.'),
  service_create: (read) =>
    say('Created ', service(read), `${serviceTerms(read.after)}.`, read.after.active === false && ' It is off sale.'),
  service_update: (read) =>
    changeSentence(service(read), changesOf(read, { provider: { label: 'provider', value: (v) => linkWords(read, v) } })),
  service_delete: (read) => say('Deleted ', service(read), `${serviceTerms(read.before)}.`),
  price_bulk: ({ before, after }) => {
    const rates = [after.rates, before.rates].find(isRecord) ?? {};
    const n = Object.keys(rates).length;
    const change = numberOf(after.percent);
    const scope = whereOf(after);
    const services = link(`${counted(n, `${scope ? `${scope} ` : ''}service`)}`, paths.adminServices.getHref());
    if (change === undefined) return say('Changed the rates of ', services, '.');
    return say(
      `${change < 0 ? 'Lowered' : 'Raised'} the ${n === 1 ? 'rate' : 'rates'} of `,
      services,
      ` by ${plainNumber(Math.abs(change))}%.`,
    );
  },
  category_update: ({ before, after }) => {
    const platform = platformOf(after.platform ?? before.platform);
    const the = platform ? `the ${platform}` : 'the';
    const [from, to] = [textOf(before.category), textOf(after.category)];
    if (from && to) {
      const moved = Array.isArray(after.services) ? ` (${counted(after.services.length, 'service')})` : '';
      return [`Renamed ${the} category ${quoted(from)} to ${quoted(to)}${moved}.`];
    }
    const order = Array.isArray(after.order) ? after.order.filter((c): c is string => typeof c === 'string') : [];
    return [`Reordered ${the} categories${order.length > 0 ? `: ${order.join(', ')}` : ''}.`];
  },
  settings: (read) =>
    changeSentence(
      SETTINGS_NAMES[read.id] ?? `the ${read.id ? `${fieldWords(read.id)} ` : ''}settings`,
      changesOf(read, SETTINGS_FIELDS[read.id]),
    ),
  refill_complete: (read) => say('Completed the refill of ', order(read.after.orderId), ' for ', account(read), '.'),
  refill_reject: (read) => say('Rejected the refill of ', order(read.after.orderId), ' for ', account(read), '.'),
  provider_create: (read) => {
    const { after } = read;
    const [url, currency, rate] = [textOf(after.url), textOf(after.currency), numberOf(after.rateToPkr)];
    return [
      `Added ${provider(read, read.id)}${url ? ` (${url})` : ''}`,
      currency ? `, paid in ${currency}${rate !== undefined ? ` at ${formatRateToPkr(currency, rate)}` : ''}` : '',
      after.active === false ? '; it is off.' : '.',
    ];
  },
  provider_update: (read) => {
    // A new key with the same last characters changes no field but says so (providers.ts).
    const key = read.after.keyChanged === true && !('keyHint' in read.after);
    const changes = changesOf(read, providerFields(read), ['keyChanged']);
    return changeSentence(provider(read, read.id), key ? [...changes, { kind: 'clause', text: 'a new API key' }] : changes);
  },
  service_import: (read) => {
    const theirs = isRecord(read.after.provider) ? (read.after.provider as ProviderLink) : undefined;
    return say(
      'Imported ',
      service(read),
      ` from ${provider(read, theirs?.id)}`,
      theirs && ` (their ${theirService(read, theirs)})`,
      `${serviceTerms(read.after)}.`,
      read.after.active === false && ' It is off sale.',
    );
  },
  order_resend: (read) => {
    const { before, after } = read;
    const theirs = idText(after.providerServiceId);
    const cost = moneyOf(after.cost);
    const details = [theirs && `their service ${theirs}`, cost && `cost ${cost}`].filter(Boolean).join(', ');
    const stood = stoodOf(before.state);
    const error = textOf(before.error);
    const moved = before.providerId !== undefined && before.providerId !== after.providerId;
    return say(
      'Sent ',
      order(read.id),
      ` to ${provider(read, after.providerId)} again`,
      details && ` (${details})`,
      '.',
      stood && ` It ${stood}${moved ? ` at ${provider(read, before.providerId)}` : ''}${error ? `: ${stopped(error)}` : '.'}`,
    );
  },
  order_mark_sent: (read) => {
    const { before, after } = read;
    const theirs = idText(after.providerOrderId);
    const stood = before.state === 'unknown' ? 'was in doubt' : stoodOf(before.state);
    return say(
      'Marked ',
      order(read.id),
      ` as sent to ${provider(read, before.providerId)}`,
      theirs && `, their order ${theirs}`,
      stood && ` (it ${stood})`,
      '.',
    );
  },
  // The cost is in the provider's currency, which the entry does not name.
  service_sync: (read) =>
    say(
      'Synced ',
      service(read),
      ' with its provider',
      clauses(changesOf(read, { cost: { label: 'provider’s cost', value: count, unit: ' per 1,000' } })),
    ),
  order_cancel_request: (read) => {
    const { after } = read;
    const theirs = idText(after.providerOrderId);
    const answer = CANCEL_ANSWERS[String(after.cancel)] ?? 'no answer yet';
    const error = textOf(after.error);
    return say(
      `Asked ${provider(read, after.providerId)} to cancel `,
      order(read.id),
      theirs && ` (their order ${theirs})`,
      `: ${answer}${error ? ` (${error})` : ''}.`,
    );
  },
  order_refund_without_provider: (read) => {
    const { after } = read;
    const refund = moneyOf(after.refund);
    const risk = textOf(after.risk);
    return say(
      'Closed ',
      order(read.id),
      ` without ${provider(read, after.providerId)}’s confirmation: set it to ${statusOf(after.status) ?? 'a final status'}`,
      undelivered(after),
      refund ? say(` and refunded ${refund} to `, account(read)) : '',
      '.',
      risk && ` ${stopped(risk)}`,
    );
  },
  ticket_reply: (read) => say('Answered ', ticket(read), '.'),
  ticket_close: (read) => say('Closed ', ticket(read), '.'),
  saved_reply_create: (read) => [`Added the saved reply ${savedReply(read)}.`],
  saved_reply_update: (read) => {
    const { before, after } = read;
    const renamed = textOf(after.title) !== textOf(before.title);
    const rewritten = after.body !== before.body;
    const was = quoted(textOf(before.title) ?? 'untitled');
    if (!renamed) return [`Changed the text of the saved reply ${was}.`];
    return [`Renamed the saved reply ${was} to ${savedReply(read)}${rewritten ? ' and changed its text' : ''}.`];
  },
  saved_reply_delete: (read) => [`Deleted the saved reply ${savedReply(read)}.`],
  export: ({ after }) => {
    const [from, to] = [textOf(after.from), textOf(after.to)];
    const days =
      from && to ? (from === to ? ` of ${formatDay(from, true)}` : ` from ${formatDay(from, true)} to ${formatDay(to, true)}`) : '';
    const kind = textOf(after.kind);
    return [`Exported the ${(kind && EXPORT_NAMES[kind]) ?? kind ?? 'data'}${days} as CSV.`];
  },
  wallet_device_create: ({ after }) => {
    const senders = Array.isArray(after.senders) ? after.senders.filter((s): s is string => typeof s === 'string') : [];
    return [
      `Paired the wallet phone ${quoted(textOf(after.name) ?? 'unnamed')}${textOf(after.wallet) ? ` for ${String(after.wallet)}` : ''}${senders.length > 0 ? ` (SMS from ${senders.join(', ')})` : ''}.`,
    ];
  },
  wallet_device_revoke: ({ after }) => [
    `Revoked the wallet phone ${quoted(textOf(after.name) ?? 'unnamed')}${textOf(after.wallet) ? ` (${String(after.wallet)})` : ''}.`,
  ],
  wallet_event_dismiss: ({ after }) => {
    const amount = moneyOf(after.amount);
    const tid = textOf(after.tid);
    return [`Dismissed the ${textOf(after.wallet) ?? 'wallet'} SMS${tid ? ` of transaction ${tid}` : ''}${amount ? ` (${amount})` : ''}.`];
  },
  review_approve: ({ after }) => [`Approved ${review(after)} for the About page.`],
  review_reject: ({ after }) => [`Rejected ${review(after)}.`],
  mfa_enroll: ({ after }) => [after.again === true ? 'Set up two-step sign-in again, on a new authenticator.' : 'Set up two-step sign-in.'],
  mfa_verify: ({ after }) => [`Signed in with the second step${textOf(after.with) ? ` (${String(after.with)})` : ''}.`],
  mfa_failed: ({ after }) => [`Entered a wrong two-step code at ${after.when === 'set-up' ? 'set-up' : 'sign-in'}.`],
  mfa_reset: (read) => say('Reset the two-step sign-in of ', account(read), ': they set it up again at their next sign-in.'),
  update_entry: ({ before, after }) => {
    const note = textOf(after.note);
    const noted = after.note !== before.note && (note ? `set its note to ${quoted(note)}` : 'removed its note');
    const entry = 'an entry of the updates feed';
    if (after.hidden !== before.hidden)
      return [`${after.hidden === true ? 'Hid' : 'Showed again'} ${entry}${noted ? ` and ${noted}` : ''}.`];
    return [note ? `Set the note of ${entry} to ${quoted(note)}.` : `Removed the note of ${entry}.`];
  },
  pricing_update: (read) => {
    const changes = pricingChanges(read);
    if (changes.length === 0) return say('Saved the pricing of ', account(read), ' unchanged.');
    return say('Changed the pricing of ', account(read), `: ${changes.join('; ')}.`);
  },
  tier_change: (read) => {
    const [from, to, credited] = [textOf(read.before.tier), textOf(read.after.tier), moneyOf(read.after.credited)];
    return say(
      'Moved ',
      account(read),
      to ? ` up to the ${to} tier` : ' up to a new price tier',
      from && ` (from ${from})`,
      credited && `: ${credited} credited in all`,
      '.',
    );
  },
  top_up_reverse: (read) => {
    const { before, after } = read;
    const amount = moneyOf(after.amount ?? before.amount);
    const commission = moneyOf(after.commission);
    const referrer = textOf(after.referrerId);
    return say(
      amount ? `Reversed the top-up of ${amount} credited to ` : 'Reversed a top-up credited to ',
      account(read),
      '.',
      commission &&
        say(
          ` Took its referral commission of ${commission} back from `,
          referrer ? link('their referrer', paths.adminUser.getHref(referrer)) : 'their referrer',
          '.',
        ),
    );
  },
  terms_update: ({ before, after }) => {
    const [version, was, wasChars] = [countOf(after.version), countOf(before.version), countOf(before.characters)];
    const chars = countOf(after.characters);
    const sizes = [chars && `${chars} characters`, was && wasChars && `version ${was} had ${wasChars}`].filter(Boolean);
    return [`Saved ${version ? `version ${version} of ` : ''}the terms${sizes.length > 0 ? ` (${sizes.join('; ')})` : ''}.`];
  },
};

/** The entry in a sentence or two, its reason last ("Reason: cash at shop."). */
export function auditSentence(entry: AuditEntry): Part[] {
  const [, ...id] = entry.subject.split('/');
  const read: Read = { entry, id: id.join('/'), before: entry.before ?? {}, after: entry.after ?? {} };
  return say(SENTENCES[entry.action](read), entry.reason && ` Reason: ${stopped(entry.reason)}`);
}

/** The sentence as text (what a screen reader and a test read). */
export const sentenceText = (parts: readonly Part[]) => parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');
