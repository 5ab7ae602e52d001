// The documentation's examples must be what our server does: requests in the contract's words,
// answers computed from the catalogue and the shared constants the server itself uses, and code
// samples that send exactly the documented requests (the Node sample is run against a fake fetch).
import {
  API_V2_ACTIONS,
  API_V2_CURRENCY,
  API_V2_ERRORS,
  API_V2_MAX_IDS,
  API_V2_PATH,
  API_V2_RATE_LIMITS,
  API_V2_REFILL_STATUS,
  API_V2_STATUS,
  API_V2_WRONG_KEY_LIMITS,
  paisaString,
} from '@shared/api-v2';
import { CATALOGUE, type CatalogueItem } from '@shared/catalogue';
import { COMMENT_LIMITS, commentLines, commentsIssue } from '@shared/comments';
import { DRIP_FEED_LIMITS, DRIP_FEED_MESSAGES, dripFeedIntervalSchema, dripFeedPrice, dripFeedRunsSchema } from '@shared/drip-feed';
import { orderPrice, toPaisa } from '@shared/money';
import { FINAL_STATUSES, type OrderStatus } from '@shared/order-status';
import { isPlatformLink, PLATFORM_LABELS } from '@shared/platforms';
import { shownBadges } from '@shared/service-figures';
import { describe, expect, it } from 'vitest';
import {
  API_EXAMPLES,
  type ApiExample,
  COMMON_ERRORS,
  codeSamples,
  curlCommand,
  EXAMPLE_COMMENTS,
  EXAMPLE_DRIP_FEED,
  EXAMPLE_ORDERS,
  EXAMPLE_REFILLS,
  EXAMPLE_SETUP,
  FINISHED_STATUS_WORDS,
  KEY_PLACEHOLDER,
  NEW_SERVICE_EXTRAS,
  ORDER_LIMIT_TEXT,
  RATE_LIMIT_TEXT,
  SAMPLE_ORDER,
  SAMPLE_STATUS_ANSWER,
  WRONG_KEY_LIMIT_TEXT,
} from './examples';

const ENDPOINT = `https://panel.example${API_V2_PATH}`;
const fixtures = Object.values(EXAMPLE_ORDERS);
const refills = Object.values(EXAMPLE_REFILLS);

function service(number: number | string): CatalogueItem {
  const found = CATALOGUE.find((item) => item.number === Number(number));
  if (!found) throw new Error(`No service ${number} in the catalogue`);
  return found;
}

function example(id: string): ApiExample {
  const found = API_EXAMPLES.find((e) => e.id === id);
  if (!found) throw new Error(`No example ${id}`);
  return found;
}

/** The ids of a comma-separated list, as the server splits them. */
const list = (value: string | undefined) => (value ?? '').split(',').map((id) => id.trim());

/** What the server's `status` answers for an order in a given state (functions/src/routes/api-v2/status.ts, orderStatus). */
function expectedStatus(order: { service: number; quantity: number; status: OrderStatus; remains?: number }) {
  const remains = order.status === 'partial' ? (order.remains ?? 0) : order.status === 'cancelled' ? order.quantity : 0;
  return {
    charge: paisaString(orderPrice(toPaisa(service(order.service).ratePer1000), order.quantity)),
    start_count: '0',
    status: API_V2_STATUS[order.status],
    remains: String(remains),
    currency: API_V2_CURRENCY,
  };
}

const fixture = (id: string | number) => fixtures.find((order) => order.order === Number(id));

/** Every error string the server can answer: the constants, with the catalogue's min and max filled in. */
const customComments = EXAMPLE_SETUP.customComments;
const knownErrors = new Set<string>([
  ...Object.values(API_V2_ERRORS).flatMap((value) => (typeof value === 'string' ? [value] : [])),
  ...[...CATALOGUE, customComments].flatMap((item) => [API_V2_ERRORS.quantityLess(item.min), API_V2_ERRORS.quantityMore(item.max)]),
  ...Object.values(DRIP_FEED_MESSAGES),
  // What the comments check answers for no comment and for a too long first one.
  commentsIssue('', []) ?? '',
  commentsIssue('x'.repeat(COMMENT_LIMITS.lineLength + 1), ['x'.repeat(COMMENT_LIMITS.lineLength + 1)]) ?? '',
]);

/** A service as API v2's services action lists it, derived from its catalogue entry as the server does. */
function listedAs(
  item: Pick<CatalogueItem, 'name' | 'platform' | 'category' | 'ratePer1000' | 'min' | 'max' | 'refillDays' | 'cancel'>,
  number: number,
  type: string,
  dripfeed: boolean,
) {
  return {
    service: number,
    name: item.name,
    type,
    category: `${PLATFORM_LABELS[item.platform]} ${item.category}`,
    rate: paisaString(toPaisa(item.ratePer1000)),
    min: String(item.min),
    max: String(item.max),
    refill: item.refillDays > 0,
    cancel: item.cancel,
    dripfeed,
    refill_days: item.refillDays,
    ...(EXAMPLE_SETUP.measured[number] ?? NEW_SERVICE_EXTRAS),
  };
}

function errorsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(errorsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'error' && typeof inner === 'string' ? [inner] : errorsIn(inner)));
}

describe('API documentation examples', () => {
  it('cover every action, the single and multi forms included', () => {
    expect(new Set(API_EXAMPLES.map((e) => e.action))).toEqual(new Set(API_V2_ACTIONS));
    const forms = API_EXAMPLES.map((e) => [e.action, ...Object.keys(e.request).filter((name) => name !== 'action')].join(' '));
    expect(forms.sort()).toEqual(
      [
        'services',
        'add service link quantity',
        'add service link quantity runs interval',
        'add service link comments',
        'status order',
        'status order',
        'status orders',
        'cancel orders',
        'refill order',
        'refill orders',
        'refill_status refill',
        'refill_status refills',
        'balance',
      ].sort(),
    );
    expect(new Set(API_EXAMPLES.map((e) => e.id)).size).toBe(API_EXAMPLES.length);
  });

  it('send the documented parameters, as strings, with at most the id cap in a list', () => {
    for (const e of API_EXAMPLES) {
      expect(e.request.action).toBe(e.action);
      expect(Object.keys(e.request).filter((name) => name !== 'action')).toEqual(e.params.map((p) => p.name));
      for (const value of Object.values(e.request)) expect(typeof value).toBe('string');
      for (const name of ['orders', 'refills'] as const) {
        const ids = e.request[name];
        if (ids !== undefined) {
          expect(list(ids).length).toBeGreaterThan(0);
          expect(list(ids).length).toBeLessThanOrEqual(API_V2_MAX_IDS);
        }
      }
    }
  });

  it('use only error strings the server answers, exactly', () => {
    for (const e of API_EXAMPLES) {
      for (const error of [...e.errors, ...errorsIn(e.answer)]) expect(knownErrors, `${e.id}: ${error}`).toContain(error);
    }
    for (const { error } of COMMON_ERRORS) expect(knownErrors).toContain(error);
    expect(COMMON_ERRORS.map((e) => e.error)).toEqual([
      API_V2_ERRORS.invalidKey,
      API_V2_ERRORS.incorrectRequest,
      API_V2_ERRORS.tooManyRequests,
    ]);
  });

  it('list services as the server derives them from the catalogue and the setup the examples assume', () => {
    const answer = example('services').answer as { service: number }[];
    expect(answer.length).toBeGreaterThan(0);
    expect(answer.map((s) => s.service)).toEqual([...answer.map((s) => s.service)].sort((a, b) => a - b));
    // The Custom Comments service the admin created: the next number after the built-in catalogue's.
    expect(customComments.service).toBe(Math.max(...CATALOGUE.map((item) => item.number)) + 1);
    expect(answer).toContainEqual(listedAs(customComments, customComments.service, 'Custom Comments', false));
    expect(answer.some((entry) => EXAMPLE_SETUP.dripFeedServices.includes(entry.service))).toBe(true);
    for (const entry of answer) {
      if (entry.service === customComments.service) continue;
      const item = service(entry.service);
      expect(entry).toStrictEqual(listedAs(item, item.number, 'Default', EXAMPLE_SETUP.dripFeedServices.includes(item.number)));
    }
    // Measured figures as the server could have them: not new, a share under 100 % unless all completed, badges it would show.
    for (const [number, m] of Object.entries(EXAMPLE_SETUP.measured)) {
      const item = service(number);
      expect(m.new).toBe(false);
      expect(m.completed_percent).toBeLessThanOrEqual(100);
      const figures = {
        new: false,
        timePer1000: m.average_time_per_1000,
        medianStart: m.median_start,
        completedPercent: m.completed_percent,
        orders30Days: m.orders_30_days,
        asOf: '',
      };
      const facts = {
        refillDays: item.refillDays,
        cancel: item.cancel,
        dripfeed: EXAMPLE_SETUP.dripFeedServices.includes(item.number),
        figures,
      };
      expect(shownBadges(m.badges, facts)).toEqual(m.badges);
    }
  });

  it('place a drip-feed the server would accept, and answer its status as the server does right after', () => {
    const add = example('add-drip-feed');
    const item = service(EXAMPLE_DRIP_FEED.service);
    expect(EXAMPLE_SETUP.dripFeedServices).toContain(item.number);
    expect(isPlatformLink(item.platform, EXAMPLE_DRIP_FEED.link)).toBe(true);
    expect(EXAMPLE_DRIP_FEED.quantity).toBeGreaterThanOrEqual(item.min);
    expect(EXAMPLE_DRIP_FEED.quantity).toBeLessThanOrEqual(item.max);
    expect(dripFeedRunsSchema.safeParse(EXAMPLE_DRIP_FEED.runs).success).toBe(true);
    expect(dripFeedIntervalSchema.safeParse(EXAMPLE_DRIP_FEED.interval).success).toBe(true);
    // Its link is no other example's: the active-order rule would refuse it while one is open.
    expect(Object.values(EXAMPLE_ORDERS).map((order) => order.link)).not.toContain(EXAMPLE_DRIP_FEED.link);
    expect(add.request).toEqual({
      action: 'add',
      service: String(item.number),
      link: EXAMPLE_DRIP_FEED.link,
      quantity: String(EXAMPLE_DRIP_FEED.quantity),
      runs: String(EXAMPLE_DRIP_FEED.runs),
      interval: String(EXAMPLE_DRIP_FEED.interval),
    });
    expect(add.answer).toStrictEqual({ order: EXAMPLE_DRIP_FEED.order });
    expect(add.params.map((p) => p.description).join(' ')).toContain(`${DRIP_FEED_LIMITS.runs.min} to ${DRIP_FEED_LIMITS.runs.max}`);
    expect(add.errors).toContain(DRIP_FEED_MESSAGES.unavailable);

    const status = example('status-drip-feed');
    expect(status.request).toEqual({ action: 'status', order: String(EXAMPLE_DRIP_FEED.order) });
    // Right after placement: run 1 started, the whole price charged, the runs not started remain.
    const { runs, quantity, runOrders } = EXAMPLE_DRIP_FEED;
    expect(runOrders).toHaveLength(1);
    expect(status.answer).toStrictEqual({
      charge: paisaString(dripFeedPrice(toPaisa(item.ratePer1000), quantity, runs)),
      start_count: '0',
      status: API_V2_STATUS.processing,
      remains: String((runs - 1) * quantity),
      currency: API_V2_CURRENCY,
      runs: String(runs),
      runs_done: '1',
      orders: runOrders,
    });
  });

  it('place a Custom Comments order the server would accept', () => {
    const add = example('add-comments');
    const lines = commentLines(EXAMPLE_COMMENTS.comments);
    expect(commentsIssue(EXAMPLE_COMMENTS.comments, lines)).toBeNull();
    expect(lines.length).toBeGreaterThanOrEqual(customComments.min);
    expect(lines.length).toBeLessThanOrEqual(customComments.max);
    expect(isPlatformLink(customComments.platform, EXAMPLE_COMMENTS.link)).toBe(true);
    expect(Object.values(EXAMPLE_ORDERS).map((order) => order.link)).not.toContain(EXAMPLE_COMMENTS.link);
    expect(add.request).toEqual({
      action: 'add',
      service: String(customComments.service),
      link: EXAMPLE_COMMENTS.link,
      comments: EXAMPLE_COMMENTS.comments,
    });
    expect(add.answer).toStrictEqual({ order: EXAMPLE_COMMENTS.order });
  });

  it('talk about orders the server would accept: a real service, its platform link, a quantity within its limits', () => {
    for (const order of fixtures) {
      const item = service(order.service);
      expect(isPlatformLink(item.platform, order.link), order.link).toBe(true);
      expect(Number.isInteger(order.quantity)).toBe(true);
      expect(order.quantity).toBeGreaterThanOrEqual(item.min);
      expect(order.quantity).toBeLessThanOrEqual(item.max);
      expect(String(order.order)).toMatch(/^\d{9}$/);
    }
    const add = example('add');
    const placed = fixture((add.answer as { order: number }).order);
    expect(placed).toBeDefined();
    expect(add.request).toEqual({
      action: 'add',
      service: String(placed?.service),
      link: placed?.link,
      quantity: String(placed?.quantity),
    });
    const item = service(add.request.service ?? '');
    expect(add.errors).toContain(API_V2_ERRORS.quantityLess(item.min));
    expect(add.errors).toContain(API_V2_ERRORS.quantityMore(item.max));
    expect(add.answer).toStrictEqual({ order: expect.any(Number) });
  });

  it("answer status with the order's charge, status word and remains, numbers as strings", () => {
    const single = example('status');
    const order = fixture(single.request.order ?? '');
    expect(order).toBeDefined();
    if (order) expect(single.answer).toStrictEqual(expectedStatus(order));

    const multi = example('multi-status');
    const expected: Record<string, unknown> = {};
    for (const id of list(multi.request.orders)) {
      const found = fixture(id);
      expected[id] = found ? expectedStatus(found) : { error: API_V2_ERRORS.incorrectOrder };
    }
    expect(multi.answer).toStrictEqual(expected);
    // The same JSON text the server sends (integer-like keys come out in ascending order there too).
    expect(JSON.stringify(multi.answer)).toBe(JSON.stringify(expected));
  });

  it('cancel only a pending order of a cancellable service, each id answered on its own', () => {
    const e = example('cancel');
    const expected = list(e.request.orders).map((id) => {
      const order = fixture(id);
      if (!order) return { order: Number(id), cancel: { error: API_V2_ERRORS.incorrectOrder } };
      const ok = order.status === 'pending' && service(order.service).cancel;
      return { order: order.order, cancel: ok ? 1 : { error: API_V2_ERRORS.cannotCancel } };
    });
    expect(e.answer).toStrictEqual(expected);
    expect(expected.some((answer) => answer.cancel === 1)).toBe(true);
  });

  it('refill only a completed order of a refillable service, answering the open refill number', () => {
    const refillOf = (id: string) => {
      const order = fixture(id);
      if (!order) return { error: API_V2_ERRORS.incorrectOrder };
      if (order.status !== 'completed' || service(order.service).refillDays === 0) return { error: API_V2_ERRORS.notEligibleForRefill };
      const open = refills.find((r) => r.order === order.order && r.status === 'pending');
      if (!open) throw new Error(`No open refill for ${id}`);
      return open.refill;
    };
    const single = example('refill');
    expect(single.answer).toStrictEqual({ refill: refillOf(single.request.order ?? '') });
    const multi = example('multi-refill');
    expect(multi.answer).toStrictEqual(list(multi.request.orders).map((id) => ({ order: Number(id), refill: refillOf(id) })));
  });

  it('answer refill status words from the shared table', () => {
    const statusOf = (id: string) => {
      const refill = refills.find((r) => r.refill === Number(id));
      return refill ? API_V2_REFILL_STATUS[refill.status] : { error: API_V2_ERRORS.refillNotFound };
    };
    const single = example('refill-status');
    expect(single.answer).toStrictEqual({ status: statusOf(single.request.refill ?? '') });
    const multi = example('multi-refill-status');
    expect(multi.answer).toStrictEqual(list(multi.request.refills).map((id) => ({ refill: Number(id), status: statusOf(id) })));
    for (const refill of refills) expect(fixture(refill.order)).toBeDefined();
  });

  it('answer the balance as a 2-decimal string in PKR', () => {
    expect(example('balance').answer).toStrictEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: API_V2_CURRENCY });
    expect(API_V2_CURRENCY).toBe('PKR');
  });

  it('state the rate limit the server applies', () => {
    expect(RATE_LIMIT_TEXT).toBe(
      'Per account (all its keys together), 1200 requests a minute for status, balance, services and refill_status (bursts included), and 150 a minute for add, cancel and refill; a new key does not start a new count',
    );
    expect(RATE_LIMIT_TEXT).toContain(`${API_V2_RATE_LIMITS.read.max} requests a minute`);
    expect(RATE_LIMIT_TEXT).toContain(`${API_V2_RATE_LIMITS.write.max} a minute`);
    expect(FINISHED_STATUS_WORDS).toEqual(FINAL_STATUSES.map((status) => API_V2_STATUS[status]));
    expect(WRONG_KEY_LIMIT_TEXT).toBe(
      'Requests with a missing or wrong key: 30 requests a minute and 300 an hour per address (a valid key from the same address is not affected)',
    );
    expect(API_V2_WRONG_KEY_LIMITS).toEqual([
      { windowMs: 60_000, max: 30 },
      { windowMs: 3_600_000, max: 300 },
    ]);
    expect(ORDER_LIMIT_TEXT).toBe(
      'A drip-feed has 2 to 100 runs, 1 to 1,440 minutes apart; a Custom Comments order at most 1,000 comments of 300 characters, 20,000 characters in all',
    );
  });
});

/** The fields of a curl command: each `--data-urlencode name=value`, shell quotes removed. */
function curlFields(command: string): { url: string; fields: Record<string, string> } {
  const words = [...command.matchAll(/'((?:[^']|'"'"')*)'|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').replaceAll(`'"'"'`, "'"));
  const fields: Record<string, string> = {};
  words.forEach((word, i) => {
    if (word !== '--data-urlencode') return;
    const field = words[i + 1] ?? '';
    const at = field.indexOf('=');
    fields[field.slice(0, at)] = field.slice(at + 1);
  });
  const url = words[words.indexOf('POST') + 1] ?? '';
  return { url, fields };
}

describe('code samples', () => {
  const samples = codeSamples({ endpoint: ENDPOINT });
  const code = (language: string) => samples.find((s) => s.language === language)?.code ?? '';

  it('come in curl, PHP and Node.js', () => {
    expect(samples.map((s) => s.language)).toEqual(['curl', 'php', 'node']);
    for (const sample of samples) {
      expect(sample.code).toContain(ENDPOINT);
      expect(sample.code).toContain(KEY_PLACEHOLDER);
    }
  });

  it('curl posts the documented place-order and status requests', () => {
    const commands = code('curl')
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .split(/\n\n/);
    expect(commands).toHaveLength(2);
    const [add, status] = commands.map(curlFields);
    expect(add).toEqual({ url: ENDPOINT, fields: { key: KEY_PLACEHOLDER, ...SAMPLE_ORDER } });
    expect(status).toEqual({
      url: ENDPOINT,
      fields: { key: KEY_PLACEHOLDER, action: 'status', order: String(EXAMPLE_ORDERS.followers.order) },
    });
    expect(code('curl')).toContain(`# Answer: ${JSON.stringify(example('add').answer)}`);
    expect(SAMPLE_STATUS_ANSWER).toStrictEqual({ ...expectedStatus(EXAMPLE_ORDERS.followers), status: API_V2_STATUS.pending });
  });

  it('curl quotes what the shell would otherwise read', () => {
    const { fields } = curlFields(curlCommand(ENDPOINT, 'k', { action: 'add', link: "https://x.example/?a=1&b='2' $HOME" }));
    expect(fields).toEqual({ key: 'k', action: 'add', link: "https://x.example/?a=1&b='2' $HOME" });
  });

  it('PHP posts the documented place-order request and stops at the finished status words', () => {
    const php = code('php');
    const call = /\$placed = callApi\(\[(.*)\]\);/.exec(php)?.[1] ?? '';
    const fields = Object.fromEntries([...call.matchAll(/'(\w+)' => (?:'((?:[^'\\]|\\.)*)'|(\d+))/g)].map((m) => [m[1], m[2] ?? m[3]]));
    expect(fields).toEqual(SAMPLE_ORDER);
    expect(php).toContain("http_build_query(['key' => API_KEY] + $params)");
    expect(php).toContain("callApi(['action' => 'status', 'order' => $order])");
    expect(php).toContain(`const FINISHED = [${FINISHED_STATUS_WORDS.map((w) => `'${w}'`).join(', ')}];`);
    expect(php).toContain('if ($code === 429)');
  });

  it('Node.js places the order, polls until a finished status, and waits out a 429', async () => {
    const sent: Record<string, string>[] = [];
    const statuses = [SAMPLE_STATUS_ANSWER, { ...SAMPLE_STATUS_ANSWER, status: API_V2_STATUS.completed }];
    let limited = false;
    const fakeFetch = async (url: string, init: { method: string; body: URLSearchParams }) => {
      expect(url).toBe(ENDPOINT);
      expect(init.method).toBe('POST');
      expect(init.body).toBeInstanceOf(URLSearchParams);
      const fields = Object.fromEntries(init.body);
      sent.push(fields);
      if (fields.action === 'add' && !limited) {
        limited = true;
        return new Response(JSON.stringify({ error: API_V2_ERRORS.tooManyRequests }), { status: 429 });
      }
      const answer = fields.action === 'add' ? example('add').answer : statuses.shift();
      return new Response(JSON.stringify(answer), { status: 200 });
    };
    const logs: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<void>;
    const run = new AsyncFunction('fetch', 'console', 'setTimeout', code('node'));
    await run(fakeFetch, { log: (line: string) => logs.push(line) }, (resolve: () => void) => resolve());

    const order = String(EXAMPLE_ORDERS.followers.order);
    expect(sent).toEqual([
      { key: KEY_PLACEHOLDER, ...SAMPLE_ORDER },
      { key: KEY_PLACEHOLDER, ...SAMPLE_ORDER },
      { key: KEY_PLACEHOLDER, action: 'status', order },
      { key: KEY_PLACEHOLDER, action: 'status', order },
    ]);
    expect(logs[0]).toBe(`Order ${order} placed`);
    expect(logs.at(-1)).toBe(`Order ${order}: Completed, charge 1100.00 PKR, remains 0`);
  });
});
