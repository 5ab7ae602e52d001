// A provider on a local port: a small API v2 server (../../../shared/spec/api-v2.md, as other panels
// serve it) for `npm start`'s demo and for the tests of the upstream client and the forwarding. Its
// orders move pending → in progress → completed (sometimes partial or cancelled) as its clock runs;
// the tests' clock is a variable they move. Faults make it answer the way real providers misbehave.
// It lives under scripts/ because it is never deployed: only the demo and the tests start it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_V2_ERRORS, API_V2_MAX_IDS, API_V2_STATUS, type ApiV2Action } from '../../functions/src/shared/api-v2';
import type { OrderStatus } from '../../functions/src/shared/order-status';
import { seededRandom } from './seeded-random';

export const DEMO_PROVIDER_CURRENCY = 'USD';

export interface DemoProviderService {
  service: number;
  name: string;
  category: string;
  /** USD per 1000, at most 6 decimals. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  /** Default when absent; a `Custom Comments` service takes `comments` (one per line) instead of `quantity`. */
  type?: 'Default' | 'Custom Comments';
  /** Listed as `dripfeed` when set (the list of a panel that says whether it drip-feeds). */
  dripfeed?: boolean;
}

/** A handful of services, sent the way real lists come: rates, min and max as strings. */
export const DEMO_PROVIDER_SERVICES: readonly DemoProviderService[] = [
  {
    service: 101,
    name: 'Instagram Followers [Real, 30 days refill]',
    category: 'Instagram Followers',
    rate: '0.95',
    min: 50,
    max: 100_000,
    refill: true,
    cancel: true,
  },
  {
    service: 102,
    name: 'Instagram Likes [Fast]',
    category: 'Instagram Likes',
    rate: '0.12',
    min: 20,
    max: 50_000,
    refill: false,
    cancel: true,
  },
  {
    service: 201,
    name: 'YouTube Views [Non drop]',
    category: 'YouTube Views',
    rate: '1.40',
    min: 500,
    max: 1_000_000,
    refill: true,
    cancel: false,
  },
  { service: 301, name: 'TikTok Views', category: 'TikTok Views', rate: '0.018', min: 100, max: 10_000_000, refill: false, cancel: true },
  {
    service: 401,
    name: 'Facebook Page Likes',
    category: 'Facebook Page Likes',
    rate: '2.10',
    min: 100,
    max: 20_000,
    refill: true,
    cancel: false,
  },
];

export type DemoFaultKind =
  /** `{"error": message}` instead of doing anything. */
  | 'error'
  /** Does the action (`perform`) and never answers: the client times out. */
  | 'timeout'
  /** Answers after `delayMs`. */
  | 'slow'
  /** Sends the headers and the start of the answer, then nothing more. */
  | 'stall'
  /** A 200 with an HTML page (a proxy's or a CDN's; `body` for another page). */
  | 'html'
  /** HTTP 500 with `{"error": "Internal Server Error"}`: a JSON error that is no refusal. */
  | '500'
  /** A 200 with a cut-off or arbitrary body (`body`). */
  | 'garbage'
  /** The connection is dropped without an answer. */
  | 'disconnect'
  /** `add` places the order and answers `{"status": "success"}`, no order id. */
  | 'no-order-id'
  /** Status words in other spellings: "pending", "Processing", "COMPLETED", "partial", "Cancelled"/"Refunded". */
  | 'odd-case'
  | 'remains-unknown'
  | 'remains-negative'
  | 'remains-above'
  | 'remains-missing'
  /** `status` says nothing of `ids` (all asked when absent): left out of a multi answer, "Incorrect order ID" alone. */
  | 'forget'
  /**
   * `answer` as JSON (HTTP `httpStatus`, default 200) in place of the action's own, or what `answer` makes of
   * the request's parameters (the key included: a provider that echoes it); the action happens unless `perform: false`.
   */
  | 'answer';

export interface DemoFault {
  action: ApiV2Action | '*';
  kind: DemoFaultKind;
  /** How many requests it applies to (default 1; Infinity for all). */
  times?: number;
  /** For `error`. */
  message?: string;
  /** For `slow` (default 1000). */
  delayMs?: number;
  /** For `garbage` (default a cut-off JSON object) and `html` (default a 502 page). */
  body?: string;
  /** For `answer`. */
  answer?: unknown | ((params: Record<string, string>) => unknown);
  /** For `answer` (default 200). */
  httpStatus?: number;
  /** For `forget`. */
  ids?: number[];
  /** Whether the action happens before the faulty answer (default true; `error` never performs). */
  perform?: boolean;
  /** Only for requests with this `link` (an `add` of one order), so concurrent tests know which order it hits. */
  link?: string;
}

export interface DemoProviderOptions {
  port?: number;
  key: string;
  /** Milliseconds; default Date.now. Orders advance when asked about, by this clock. */
  clock?: () => number;
  /** Seed of the outcomes and start counts: the same seed and requests give the same orders. */
  seed?: number;
  /** Starting balance in USD. */
  balance?: string;
  services?: readonly DemoProviderService[];
  /** How long an order stays pending, then in progress (default 20 s, 90 s); a refill stays pending `refillMs`. */
  timing?: { pendingMs?: number; progressMs?: number; refillMs?: number };
  /** Chances of ending partial and cancelled (default 0.15 and 0.05); the rest complete. */
  chances?: { partial?: number; cancelled?: number };
}

export interface DemoProviderOrder {
  id: number;
  service: number;
  link: string;
  quantity: number;
  /** A Custom Comments order's, as received. */
  comments?: string[];
  /** USD, as the status answer shows it. */
  charge: string;
  status: OrderStatus;
  remains: number;
  startCount: number;
  createdAt: number;
}

export interface DemoProvider {
  url: string;
  key: string;
  close(): Promise<void>;
  /** The orders as of the clock's now. */
  readonly orders: ReadonlyMap<number, DemoProviderOrder>;
  fault(fault: DemoFault): void;
  /** Every request received (faulty answers included), without the key. */
  readonly requests: readonly { action: string; params: Record<string, string> }[];
  /** How many `add` requests arrived (for one link): what "never sent twice" is checked against. */
  addsReceived(link?: string): number;
  /** Forces an order's final state (a test deciding the outcome). */
  setOrder(id: number, state: { status: OrderStatus; remains?: number }): void;
  balance(): string;
  setBalance(usd: string): void;
  /** The list `services` answers from now on (a rate, min or max changed, services dropped or back); placed orders keep theirs. */
  setServices(services: readonly DemoProviderService[]): void;
  /** Forces a refill's status word ("Rejected", "Canceled", "In progress"…): a test deciding the outcome. */
  setRefill(id: number, status: string): void;
}

interface OrderRecord {
  id: number;
  service: DemoProviderService;
  link: string;
  quantity: number;
  comments?: string[];
  chargeMicros: number;
  createdAt: number;
  outcome: 'completed' | 'partial' | 'cancelled';
  /** Undelivered at the end of a partial outcome. */
  partialRemains: number;
  startCount: number;
  forced?: { status: OrderStatus; remains?: number };
  cancelledAt?: number;
  settled?: boolean;
}

const MICROS = 1_000_000;

/** "0.95" → 950000 (USD millionths); throws on anything else (the services and balances are ours). */
export function toMicros(usd: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd.trim());
  if (!match) throw new Error(`not a USD amount: ${usd}`);
  return Number(match[1]) * MICROS + Number((match[2] ?? '').padEnd(6, '0'));
}

/** 142500 → "0.1425": at least two decimals, no trailing zeros past them. */
export function fromMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const decimals = String(abs % MICROS)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${sign}${Math.floor(abs / MICROS)}.${decimals.padEnd(2, '0')}`;
}

const ODD_WORDS: Record<OrderStatus, string> = {
  pending: 'pending',
  processing: 'Processing',
  completed: 'COMPLETED',
  partial: 'partial',
  cancelled: 'Cancelled',
};

const HTML_PAGE = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad gateway</h1></body></html>';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Form, JSON or query parameters, as the API accepts them; values as text. */
function paramsOf(req: IncomingMessage, body: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URL(req.url ?? '/', 'http://x').searchParams) params[k] = v;
  if (/json/i.test(req.headers['content-type'] ?? '')) {
    try {
      const json: unknown = JSON.parse(body);
      if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) params[k] = String(v);
    } catch {
      // An unreadable body is a request without parameters: "Incorrect request" below.
    }
  } else {
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
  }
  return params;
}

const idsOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);

export async function startDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  const clock = options.clock ?? Date.now;
  const random = seededRandom(options.seed ?? 14);
  let services = options.services ?? DEMO_PROVIDER_SERVICES;
  const pendingMs = options.timing?.pendingMs ?? 20_000;
  const progressMs = options.timing?.progressMs ?? 90_000;
  const refillMs = options.timing?.refillMs ?? 60_000;
  const partialChance = options.chances?.partial ?? 0.15;
  const cancelledChance = options.chances?.cancelled ?? 0.05;

  let balanceMicros = toMicros(options.balance ?? '100.00');
  const orders = new Map<number, OrderRecord>();
  const refills = new Map<number, { order: number; createdAt: number; forced?: string }>();
  const faults: (DemoFault & { left: number })[] = [];
  const requests: { action: string; params: Record<string, string> }[] = [];
  let nextOrderId = 5001;
  let nextRefillId = 701;

  /** An order's state now; a partial or cancelled end gives the unused charge back once. */
  function stateOf(order: OrderRecord, now: number): { status: OrderStatus; remains: number } {
    let state: { status: OrderStatus; remains: number };
    const elapsed = now - order.createdAt;
    if (order.forced) state = { status: order.forced.status, remains: order.forced.remains ?? 0 };
    else if (order.cancelledAt !== undefined) state = { status: 'cancelled', remains: order.quantity };
    else if (elapsed < pendingMs) state = { status: 'pending', remains: order.quantity };
    else if (elapsed < pendingMs + progressMs) {
      const delivered = Math.floor((order.quantity * (elapsed - pendingMs)) / progressMs);
      state = { status: 'processing', remains: order.quantity - delivered };
    } else if (order.outcome === 'partial') state = { status: 'partial', remains: order.partialRemains };
    else if (order.outcome === 'cancelled') state = { status: 'cancelled', remains: order.quantity };
    else state = { status: 'completed', remains: 0 };
    if (!order.settled && (state.status === 'partial' || state.status === 'cancelled')) {
      order.settled = true;
      balanceMicros += Math.round((order.chargeMicros * state.remains) / order.quantity);
    }
    return state;
  }

  function view(order: OrderRecord, now: number): DemoProviderOrder {
    const state = stateOf(order, now);
    return {
      id: order.id,
      service: order.service.service,
      link: order.link,
      quantity: order.quantity,
      ...(order.comments ? { comments: order.comments } : {}),
      charge: fromMicros(order.chargeMicros),
      status: state.status,
      remains: state.remains,
      startCount: order.startCount,
      createdAt: order.createdAt,
    };
  }

  function statusAnswer(order: OrderRecord, fault: DemoFault | undefined): Record<string, unknown> {
    const state = stateOf(order, clock());
    const word =
      fault?.kind === 'odd-case'
        ? state.status === 'cancelled' && order.id % 2 === 0
          ? 'Refunded'
          : ODD_WORDS[state.status]
        : API_V2_STATUS[state.status];
    const remains: Record<string, unknown> =
      fault?.kind === 'remains-missing'
        ? {}
        : fault?.kind === 'remains-unknown'
          ? { remains: 'Unknown' }
          : fault?.kind === 'remains-negative'
            ? { remains: '-5' }
            : fault?.kind === 'remains-above'
              ? { remains: String(order.quantity + 100) }
              : { remains: String(state.remains) };
    return {
      charge: fromMicros(order.chargeMicros),
      start_count: String(state.status === 'pending' ? 0 : order.startCount),
      status: word,
      ...remains,
      currency: DEMO_PROVIDER_CURRENCY,
    };
  }

  const forgotten = (fault: DemoFault | undefined, id: number) => fault?.kind === 'forget' && (!fault.ids || fault.ids.includes(id));

  function add(params: Record<string, string>): Record<string, unknown> {
    const service = services.find((s) => String(s.service) === params.service?.trim());
    if (!service) return { error: API_V2_ERRORS.incorrectService };
    const link = params.link?.trim() ?? '';
    if (!/^https?:\/\/\S+$/.test(link)) return { error: API_V2_ERRORS.badLink };
    // As panels do: a Custom Comments order is one per non-blank line, whatever `quantity` says.
    const comments =
      service.type === 'Custom Comments'
        ? (params.comments ?? '')
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line.length > 0)
        : undefined;
    const quantity = comments ? comments.length : /^\d{1,9}$/.test(params.quantity?.trim() ?? '') ? Number(params.quantity) : null;
    if (quantity === null) return { error: API_V2_ERRORS.incorrectRequest };
    if (quantity < service.min) return { error: API_V2_ERRORS.quantityLess(service.min) };
    if (quantity > service.max) return { error: API_V2_ERRORS.quantityMore(service.max) };
    const chargeMicros = Math.round((toMicros(service.rate) * quantity) / 1000);
    if (chargeMicros > balanceMicros) return { error: API_V2_ERRORS.notEnoughFunds };
    balanceMicros -= chargeMicros;
    const roll = random();
    const order: OrderRecord = {
      id: nextOrderId++,
      service,
      link,
      quantity,
      ...(comments ? { comments } : {}),
      chargeMicros,
      createdAt: clock(),
      outcome: roll < cancelledChance ? 'cancelled' : roll < cancelledChance + partialChance ? 'partial' : 'completed',
      partialRemains: quantity > 1 ? 1 + Math.floor(random() * (quantity - 1)) : 1,
      startCount: Math.floor(random() * 10_000),
    };
    orders.set(order.id, order);
    return { order: order.id };
  }

  function status(params: Record<string, string>, fault: DemoFault | undefined): unknown {
    if (params.orders !== undefined) {
      const ids = idsOf(params.orders);
      if (ids.length === 0 || ids.length > API_V2_MAX_IDS) return { error: API_V2_ERRORS.incorrectRequest };
      const answer: Record<string, unknown> = {};
      for (const raw of ids) {
        const order = orders.get(Number(raw));
        if (order && forgotten(fault, order.id)) continue;
        answer[raw] = order ? statusAnswer(order, fault) : { error: API_V2_ERRORS.incorrectOrder };
      }
      return answer;
    }
    const order = orders.get(Number(params.order?.trim()));
    return order && !forgotten(fault, order.id) ? statusAnswer(order, fault) : { error: API_V2_ERRORS.incorrectOrder };
  }

  function cancel(params: Record<string, string>): unknown {
    const ids = idsOf(params.orders ?? params.order);
    if (ids.length === 0 || ids.length > API_V2_MAX_IDS) return { error: API_V2_ERRORS.incorrectRequest };
    return ids.map((raw) => {
      const order = orders.get(Number(raw));
      const id = Number(raw) || raw;
      if (!order) return { order: id, cancel: { error: API_V2_ERRORS.incorrectOrder } };
      if (!order.service.cancel || stateOf(order, clock()).status !== 'pending')
        return { order: id, cancel: { error: API_V2_ERRORS.cannotCancel } };
      order.cancelledAt = clock();
      stateOf(order, clock());
      return { order: id, cancel: 1 };
    });
  }

  function refill(params: Record<string, string>): unknown {
    const order = orders.get(Number(params.order?.trim()));
    if (!order) return { error: API_V2_ERRORS.incorrectOrder };
    if (!order.service.refill || stateOf(order, clock()).status !== 'completed') return { error: API_V2_ERRORS.notEligibleForRefill };
    const id = nextRefillId++;
    refills.set(id, { order: order.id, createdAt: clock() });
    return { refill: id };
  }

  function refillStatus(params: Record<string, string>): unknown {
    const refill = refills.get(Number(params.refill?.trim()));
    if (!refill) return { error: API_V2_ERRORS.refillNotFound };
    return { status: refill.forced ?? (clock() - refill.createdAt < refillMs ? 'Pending' : 'Completed') };
  }

  function perform(action: string, params: Record<string, string>, fault: DemoFault | undefined): unknown {
    if (params.key !== options.key) return { error: API_V2_ERRORS.invalidKey };
    switch (action) {
      case 'balance':
        return { balance: fromMicros(balanceMicros), currency: DEMO_PROVIDER_CURRENCY };
      case 'services':
        return services.map((s) => ({
          service: s.service,
          name: s.name,
          type: s.type ?? 'Default',
          category: s.category,
          rate: s.rate,
          min: String(s.min),
          max: String(s.max),
          refill: s.refill,
          cancel: s.cancel,
          ...(s.dripfeed !== undefined ? { dripfeed: s.dripfeed } : {}),
        }));
      case 'add':
        return add(params);
      case 'status':
        return status(params, fault);
      case 'cancel':
        return cancel(params);
      case 'refill':
        return refill(params);
      case 'refill_status':
        return refillStatus(params);
      default:
        return { error: API_V2_ERRORS.incorrectRequest };
    }
  }

  function takeFault(action: string, link: string | undefined): DemoFault | undefined {
    const index = faults.findIndex((f) => (f.action === action || f.action === '*') && (f.link === undefined || f.link === link));
    const fault = faults[index];
    if (!fault) return undefined;
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  }

  const slowTimers = new Set<NodeJS.Timeout>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const params = paramsOf(req, await readBody(req));
    const action = params.action?.trim() ?? '';
    const { key: _key, ...logged } = params;
    requests.push({ action, params: logged });
    const fault = takeFault(action, params.link?.trim());
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (fault?.kind === 'error') return json({ error: fault.message ?? 'Service temporarily unavailable' });
    const answer = fault?.perform === false ? undefined : perform(action, params, fault);
    switch (fault?.kind) {
      case 'timeout':
        return; // the socket stays open until the client gives up or close() ends it
      case 'slow': {
        const timer = setTimeout(() => {
          slowTimers.delete(timer);
          json(answer);
        }, fault.delayMs ?? 1000);
        slowTimers.add(timer);
        return;
      }
      case 'stall':
        res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"order": ');
        return;
      case 'html':
        return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(fault.body ?? HTML_PAGE);
      case '500':
        return json({ error: 'Internal Server Error' }, 500);
      case 'garbage':
        return res.writeHead(200, { 'Content-Type': 'application/json' }).end(fault.body ?? '{"order": 12');
      case 'disconnect':
        return req.socket.destroy();
      case 'no-order-id':
        return json(action === 'add' ? { status: 'success' } : answer);
      case 'answer':
        return json(typeof fault.answer === 'function' ? fault.answer(params) : fault.answer, fault.httpStatus ?? 200);
      default:
        return json(answer);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    key: options.key,
    close: async () => {
      for (const timer of slowTimers) clearTimeout(timer);
      slowTimers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get orders() {
      const now = clock();
      return new Map([...orders.values()].map((o) => [o.id, view(o, now)]));
    },
    fault: (fault) => {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    requests,
    addsReceived: (link) => requests.filter((r) => r.action === 'add' && (link === undefined || r.params.link?.trim() === link)).length,
    setOrder: (id, state) => {
      const order = orders.get(id);
      if (!order) throw new Error(`no order ${id}`);
      order.forced = state;
    },
    balance: () => fromMicros(balanceMicros),
    setBalance: (usd) => {
      balanceMicros = toMicros(usd);
    },
    setServices: (list) => {
      services = list.map((s) => ({ ...s }));
    },
    setRefill: (id, status) => {
      const refill = refills.get(id);
      if (!refill) throw new Error(`no refill ${id}`);
      refill.forced = status;
    },
  };
}
