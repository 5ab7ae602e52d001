// The API documentation's content as data: every action's parameters, an example request and the
// answer our server gives to it, and the code samples. examples.test.ts checks all of it against the
// shared constants and the catalogue, and the reseller-api browser test runs it against the real stack.
import {
  API_V2_CURRENCY,
  API_V2_ERRORS,
  API_V2_MAX_IDS,
  API_V2_PATH,
  API_V2_RATE_LIMITS,
  API_V2_READ_ACTIONS,
  API_V2_STATUS,
  API_V2_UNMEASURED,
  API_V2_WRITE_ACTIONS,
  API_V2_WRONG_KEY_LIMITS,
  type ApiV2Action,
} from '@shared/api-v2';
import { REFILL_DAYS } from '@shared/catalogue';
import { COMMENT_LIMITS } from '@shared/comments';
import { DRIP_FEED_LIMITS, DRIP_FEED_MESSAGES } from '@shared/drip-feed';
import { formatNumber } from '@shared/numbers';
import { FINAL_STATUSES, type OrderStatus } from '@shared/order-status';

/** Written where a real key goes; never a real one. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The orders the examples talk about: service numbers from the catalogue, our 9-digit order numbers. */
export const EXAMPLE_ORDERS = {
  followers: { order: 482913705, service: 201, link: 'https://www.instagram.com/your.shop', quantity: 1000, status: 'completed' },
  views: {
    order: 482913706,
    service: 121,
    link: 'https://www.tiktok.com/@your.shop/video/7301',
    quantity: 5000,
    status: 'partial',
    remains: 1200,
  },
  queued: { order: 482913707, service: 121, link: 'https://www.tiktok.com/@your.shop/video/7302', quantity: 2000, status: 'pending' },
  reelViews: { order: 482913708, service: 221, link: 'https://www.instagram.com/reel/C1a2b3', quantity: 3000, status: 'completed' },
  likes: { order: 482913709, service: 211, link: 'https://www.instagram.com/p/C4d5e6', quantity: 500, status: 'processing' },
} as const satisfies Record<
  string,
  { order: number; service: number; link: string; quantity: number; status: OrderStatus; remains?: number }
>;

/**
 * What the examples assume the admin set up besides the built-in catalogue (the reseller-api browser
 * test sets it up the same way): drip-feed offered on TikTok Video Views, and a Custom Comments service
 * (the built-in catalogue has none), created as the admin creates one, so it takes the next number.
 */
export const EXAMPLE_SETUP = {
  dripFeedServices: [121] as readonly number[],
  customComments: {
    service: 363,
    platform: 'instagram',
    category: 'Comments',
    name: 'Custom Comments',
    ratePer1000: 2500,
    min: 1,
    max: 100,
    refillDays: 0,
    cancel: false,
  },
  /** Services with measured figures (their orders' time and completion, shared/service-figures.ts) and badges; the others are new. */
  measured: {
    121: { average_time_per_1000: 1260, median_start: 180, completed_percent: 97, orders_30_days: 412, new: false, badges: ['Fast start'] },
    201: { average_time_per_1000: 15_840, median_start: 540, completed_percent: 91, orders_30_days: 68, new: false, badges: [] },
  } as Readonly<Record<number, ServiceListExtras>>,
} as const;

/** The fields of a service in the list after the protocol's: ours, which a script may ignore. */
export interface ServiceListExtras {
  average_time_per_1000: number | null;
  median_start: number | null;
  completed_percent: number | null;
  orders_30_days: number;
  new: boolean;
  badges: readonly string[];
}
export const NEW_SERVICE_EXTRAS: ServiceListExtras = { ...API_V2_UNMEASURED, badges: [] };

/** A drip-feed of TikTok Video Views: 1000 a day for 5 days (5 runs, 1440 minutes apart); its run 1 starts at once. */
export const EXAMPLE_DRIP_FEED = {
  order: 482913710,
  service: 121,
  link: 'https://www.tiktok.com/@your.shop/video/7303',
  quantity: 1000,
  runs: 5,
  interval: 1440,
  /** Run 1, an order of its own. */
  runOrders: [482913711],
} as const;

/** A Custom Comments order: three comments, one per line. */
export const EXAMPLE_COMMENTS = {
  order: 482913712,
  service: EXAMPLE_SETUP.customComments.service,
  link: 'https://www.instagram.com/p/C7f8g9',
  comments: 'Great post!\nZabardast 👍\nWhere can I buy this?',
} as const;

/** Refill requests of the examples: an earlier one the admin completed, and an open one. */
export const EXAMPLE_REFILLS = {
  done: { refill: 310582601, order: EXAMPLE_ORDERS.followers.order, status: 'completed' },
  open: { refill: 310582644, order: EXAMPLE_ORDERS.followers.order, status: 'pending' },
} as const;

/** Ids that belong to nobody (or to another customer: the answer is the same). */
export const UNKNOWN_ORDER = 99;
export const UNKNOWN_REFILL = 5;

export interface ParamDoc {
  name: string;
  description: string;
}

export interface ApiExample {
  /** The anchor of the section. */
  id: string;
  action: ApiV2Action;
  title: string;
  summary: string;
  /** Parameters besides `key` and `action`, all required. */
  params: readonly ParamDoc[];
  /** What a client sends, `key` left out (form fields are strings). */
  request: Readonly<Record<string, string>>;
  /** What our server answers to it, as JSON. */
  answer: unknown;
  /** The `{"error"}` answers this action can give besides the ones every action can give. */
  errors: readonly string[];
  notes?: readonly string[];
}

const { followers, views, queued, reelViews, likes } = EXAMPLE_ORDERS;
const customComments = EXAMPLE_SETUP.customComments;
const ids = (...list: number[]) => list.join(',');

export const API_EXAMPLES: readonly ApiExample[] = [
  {
    id: 'services',
    action: 'services',
    title: 'Service list',
    summary:
      'Every service you can order, with the number to order it by, your price per 1000 in rupees (your tier’s or your own: what add charges you), the smallest and largest quantity, and whether it can be refilled, cancelled or drip-fed.',
    params: [],
    request: { action: 'services' },
    answer: [
      {
        service: 121,
        name: 'Video Views',
        type: 'Default',
        category: 'TikTok Views',
        rate: '20.00',
        min: '100',
        max: '10000000',
        refill: false,
        cancel: true,
        dripfeed: true,
        refill_days: 0,
        ...(EXAMPLE_SETUP.measured[121] ?? NEW_SERVICE_EXTRAS),
      },
      {
        service: 201,
        name: 'Real Followers',
        type: 'Default',
        category: 'Instagram Followers',
        rate: '1100.00',
        min: '10',
        max: '100000',
        refill: true,
        cancel: true,
        dripfeed: false,
        refill_days: 30,
        ...(EXAMPLE_SETUP.measured[201] ?? NEW_SERVICE_EXTRAS),
      },
      {
        service: 231,
        name: 'Random Positive Comments',
        type: 'Default',
        category: 'Instagram Comments',
        rate: '1800.00',
        min: '1',
        max: '1000',
        refill: false,
        cancel: false,
        dripfeed: false,
        refill_days: 0,
        ...(EXAMPLE_SETUP.measured[231] ?? NEW_SERVICE_EXTRAS),
      },
      {
        service: customComments.service,
        name: customComments.name,
        type: 'Custom Comments',
        category: 'Instagram Comments',
        rate: '2500.00',
        min: String(customComments.min),
        max: String(customComments.max),
        refill: false,
        cancel: false,
        dripfeed: false,
        refill_days: 0,
        ...NEW_SERVICE_EXTRAS,
      },
    ],
    errors: [],
    notes: [
      'The example shows four entries; the real list has every active service, ordered by service number.',
      'The type is Default, or Custom Comments for a service ordered with your own comments (see Place a Custom Comments order): Random Positive Comments are Default, we write those.',
      'dripfeed: true means the service can be ordered in runs (see Place a drip-feed order).',
      'After those, fields of ours that a script may ignore: refill_days (the refill window, 0 for none); the figures measured from the service’s own orders, which trail by 10 to 11 minutes: average_time_per_1000 (seconds to deliver 1000, over its last 10 completed orders), median_start (seconds from placing to starting, over the same orders), completed_percent (of the orders that ended in the last 30 days, those completed in full, rounded down; null under 3), orders_30_days; new is true (and the seconds null) while fewer than 3 orders completed; badges are the ones its facts do not contradict.',
    ],
  },
  {
    id: 'add',
    action: 'add',
    title: 'Place an order',
    summary:
      'Orders a service for a link. The price is taken from your balance at once, exactly as for an order placed on the website; the answer is the new order number.',
    params: [
      { name: 'service', description: 'The service number from the service list.' },
      {
        name: 'link',
        description:
          "The profile, post or video link on the service's platform; without https:// it is read as https. For followers and page services a bare @username (or username) works too: it is ordered as the profile's link.",
      },
      { name: 'quantity', description: "A whole number between the service's min and max." },
    ],
    request: { action: 'add', service: String(followers.service), link: followers.link, quantity: String(followers.quantity) },
    answer: { order: followers.order },
    errors: [
      API_V2_ERRORS.incorrectService,
      API_V2_ERRORS.badLink,
      API_V2_ERRORS.quantityLess(10),
      API_V2_ERRORS.quantityMore(100000),
      API_V2_ERRORS.notEnoughFunds,
      API_V2_ERRORS.activeOrder,
      API_V2_ERRORS.incorrectRequest,
    ],
    notes: [
      'While an order for the same service and link is still pending or in progress, a second one is refused with the active order error. This also keeps a script that retries after a lost answer from ordering twice.',
      "The quantity errors name the service's own min and max, as the service list gives them.",
      'A missing or non-numeric quantity answers Incorrect request.',
      'A service of type Custom Comments takes comments instead of a quantity: see Place a Custom Comments order. For a drip-feed, see Place a drip-feed order.',
    ],
  },
  {
    id: 'add-drip-feed',
    action: 'add',
    title: 'Place a drip-feed order',
    summary: `Delivers the quantity again and again: runs times, one run every interval minutes, for a service whose list entry says "dripfeed": true. The whole price (the price of one run × runs) is taken from your balance at once; the answer is the drip-feed's order number.`,
    params: [
      { name: 'service', description: 'The service number from the service list.' },
      { name: 'link', description: 'As for any order.' },
      { name: 'quantity', description: "Each run's quantity: a whole number between the service's min and max." },
      { name: 'runs', description: `How many runs: ${DRIP_FEED_LIMITS.runs.min} to ${DRIP_FEED_LIMITS.runs.max}.` },
      {
        name: 'interval',
        description: `Minutes between two runs: ${DRIP_FEED_LIMITS.interval.min} to ${DRIP_FEED_LIMITS.interval.max} (a day).`,
      },
    ],
    request: {
      action: 'add',
      service: String(EXAMPLE_DRIP_FEED.service),
      link: EXAMPLE_DRIP_FEED.link,
      quantity: String(EXAMPLE_DRIP_FEED.quantity),
      runs: String(EXAMPLE_DRIP_FEED.runs),
      interval: String(EXAMPLE_DRIP_FEED.interval),
    },
    answer: { order: EXAMPLE_DRIP_FEED.order },
    errors: [DRIP_FEED_MESSAGES.unavailable, DRIP_FEED_MESSAGES.runs, DRIP_FEED_MESSAGES.interval, DRIP_FEED_MESSAGES.both],
    notes: [
      'Run 1 starts at once, then one run every interval (within a minute of its time). Each run is an order of its own, with its own number and status: the status of the drip-feed lists them.',
      'runs and interval both empty or 0 (as many clients send by default) place an ordinary order; one without the other is refused.',
      'Cancel the drip-feed (see Cancel orders) to stop it while runs remain, whatever the service’s cancel flag: the runs not started are refunded, each at the price of one run; the runs already started go on.',
      'A Custom Comments service cannot be drip-fed.',
    ],
  },
  {
    id: 'add-comments',
    action: 'add',
    title: 'Place a Custom Comments order',
    summary:
      'For a service of type Custom Comments: you send the comments to post, one per line, instead of a quantity. The number of comments is the quantity and sets the price.',
    params: [
      { name: 'service', description: 'The number of a Custom Comments service from the service list.' },
      { name: 'link', description: 'The post, reel or video link.' },
      {
        name: 'comments',
        description: `One comment per line (separated by \\n or \\r\\n; blank lines are dropped). At most ${COMMENT_LIMITS.lineLength} characters a comment, ${formatNumber(COMMENT_LIMITS.lines)} comments and ${formatNumber(COMMENT_LIMITS.total)} characters in all, and within the service's min and max.`,
      },
    ],
    request: { action: 'add', service: String(EXAMPLE_COMMENTS.service), link: EXAMPLE_COMMENTS.link, comments: EXAMPLE_COMMENTS.comments },
    answer: { order: EXAMPLE_COMMENTS.order },
    errors: [
      'Enter at least one comment, one per line',
      `Comment 1 is longer than ${COMMENT_LIMITS.lineLength} characters`,
      API_V2_ERRORS.quantityMore(customComments.max),
    ],
    notes: ['A quantity sent with the comments is ignored. The error about a comment names its line.'],
  },
  {
    id: 'status',
    action: 'status',
    title: 'Order status',
    summary: 'The state of one order: what it cost, its status word and how much of it was not delivered.',
    params: [{ name: 'order', description: 'The order number.' }],
    request: { action: 'status', order: String(likes.order) },
    answer: { charge: '150.00', start_count: '0', status: 'In progress', remains: '0', currency: API_V2_CURRENCY },
    errors: [API_V2_ERRORS.incorrectOrder],
  },
  {
    id: 'status-drip-feed',
    action: 'status',
    title: 'Status of a drip-feed',
    summary:
      'A drip-feed answers as any order, plus its runs, the runs started so far and their order numbers. The example is the drip-feed above, right after it was placed: run 1 has started.',
    params: [{ name: 'order', description: "The drip-feed's order number." }],
    request: { action: 'status', order: String(EXAMPLE_DRIP_FEED.order) },
    answer: {
      charge: '100.00',
      start_count: '0',
      status: API_V2_STATUS.processing,
      remains: String((EXAMPLE_DRIP_FEED.runs - EXAMPLE_DRIP_FEED.runOrders.length) * EXAMPLE_DRIP_FEED.quantity),
      currency: API_V2_CURRENCY,
      runs: String(EXAMPLE_DRIP_FEED.runs),
      runs_done: String(EXAMPLE_DRIP_FEED.runOrders.length),
      orders: [...EXAMPLE_DRIP_FEED.runOrders],
    },
    errors: [API_V2_ERRORS.incorrectOrder],
    notes: [
      'charge is the whole price; remains is the quantity of the runs not started yet. The drip-feed is In progress while runs remain and Completed once every run has started; stopped, it is Canceled (no run had started) or Partial.',
      'Ask each run’s status with its own number, from orders.',
    ],
  },
  {
    id: 'multi-status',
    action: 'status',
    title: 'Status of several orders',
    summary: `Up to ${API_V2_MAX_IDS} orders in one request. The answer is an object keyed by the order numbers you sent; an order that cannot be found gets its own error and the others are still answered.`,
    params: [{ name: 'orders', description: `Order numbers separated by commas, at most ${API_V2_MAX_IDS}.` }],
    request: { action: 'status', orders: ids(followers.order, views.order, UNKNOWN_ORDER) },
    answer: {
      [followers.order]: { charge: '1100.00', start_count: '0', status: 'Completed', remains: '0', currency: API_V2_CURRENCY },
      [views.order]: { charge: '100.00', start_count: '0', status: 'Partial', remains: '1200', currency: API_V2_CURRENCY },
      [UNKNOWN_ORDER]: { error: API_V2_ERRORS.incorrectOrder },
    },
    errors: [API_V2_ERRORS.incorrectRequest],
    notes: [`More than ${API_V2_MAX_IDS} numbers (or none) answers Incorrect request for the whole request.`],
  },
  {
    id: 'cancel',
    action: 'cancel',
    title: 'Cancel orders',
    summary:
      'Cancels orders that have not started yet, for services whose list entry says "cancel": true. The full price goes back to your balance in the same step. Each order gets its own answer: 1 when it was cancelled, an error otherwise.',
    params: [{ name: 'orders', description: `Order numbers separated by commas, at most ${API_V2_MAX_IDS}.` }],
    request: { action: 'cancel', orders: ids(queued.order, followers.order) },
    answer: [
      { order: queued.order, cancel: 1 },
      { order: followers.order, cancel: { error: API_V2_ERRORS.cannotCancel } },
    ],
    errors: [API_V2_ERRORS.incorrectOrder, API_V2_ERRORS.incorrectRequest],
    notes: ['Only a pending order can be cancelled; once it is in progress, it runs to the end.'],
  },
  {
    id: 'refill',
    action: 'refill',
    title: 'Ask for a refill',
    summary: `Asks us to top up a completed order whose followers or likes dropped. Allowed for services whose list entry says "refill": true, within the refill window the service had when the order was placed (usually ${REFILL_DAYS} days) of completion. The answer is the refill number; our team then completes or rejects the request.`,
    params: [{ name: 'order', description: 'The order number.' }],
    request: { action: 'refill', order: String(followers.order) },
    answer: { refill: EXAMPLE_REFILLS.open.refill },
    errors: [API_V2_ERRORS.incorrectOrder, API_V2_ERRORS.notEligibleForRefill],
    notes: ['Asking again while a refill of the same order is still pending gives back the same refill number.'],
  },
  {
    id: 'multi-refill',
    action: 'refill',
    title: 'Refill several orders',
    summary: `Up to ${API_V2_MAX_IDS} orders in one request; each gets its refill number or its own error.`,
    params: [{ name: 'orders', description: `Order numbers separated by commas, at most ${API_V2_MAX_IDS}.` }],
    request: { action: 'refill', orders: ids(followers.order, reelViews.order, UNKNOWN_ORDER) },
    answer: [
      { order: followers.order, refill: EXAMPLE_REFILLS.open.refill },
      { order: reelViews.order, refill: { error: API_V2_ERRORS.notEligibleForRefill } },
      { order: UNKNOWN_ORDER, refill: { error: API_V2_ERRORS.incorrectOrder } },
    ],
    errors: [API_V2_ERRORS.incorrectRequest],
  },
  {
    id: 'refill-status',
    action: 'refill_status',
    title: 'Refill status',
    summary: 'Where a refill request stands.',
    params: [{ name: 'refill', description: 'The refill number.' }],
    request: { action: 'refill_status', refill: String(EXAMPLE_REFILLS.open.refill) },
    answer: { status: 'Pending' },
    errors: [API_V2_ERRORS.refillNotFound],
  },
  {
    id: 'multi-refill-status',
    action: 'refill_status',
    title: 'Status of several refills',
    summary: `Up to ${API_V2_MAX_IDS} refill numbers in one request; each gets its status or its own error.`,
    params: [{ name: 'refills', description: `Refill numbers separated by commas, at most ${API_V2_MAX_IDS}.` }],
    request: { action: 'refill_status', refills: ids(EXAMPLE_REFILLS.open.refill, EXAMPLE_REFILLS.done.refill, UNKNOWN_REFILL) },
    answer: [
      { refill: EXAMPLE_REFILLS.open.refill, status: 'Pending' },
      { refill: EXAMPLE_REFILLS.done.refill, status: 'Completed' },
      { refill: UNKNOWN_REFILL, status: { error: API_V2_ERRORS.refillNotFound } },
    ],
    errors: [API_V2_ERRORS.incorrectRequest],
  },
  {
    id: 'balance',
    action: 'balance',
    title: 'Balance',
    summary: 'What is left on your balance, in rupees.',
    params: [],
    request: { action: 'balance' },
    answer: { balance: '1234.50', currency: API_V2_CURRENCY },
    errors: [],
  },
];

/** The errors any action can answer. */
export const COMMON_ERRORS: readonly { error: string; when: string }[] = [
  { error: API_V2_ERRORS.invalidKey, when: 'The key is missing, wrong, replaced by a newer one or revoked.' },
  { error: API_V2_ERRORS.incorrectRequest, when: 'The action is missing or unknown, or a parameter cannot be read.' },
  { error: API_V2_ERRORS.tooManyRequests, when: 'Too many requests with this key (the only answer with HTTP status 429).' },
];

const inWords = (actions: readonly string[]) => `${actions.slice(0, -1).join(', ')} and ${actions.at(-1)}`;
const perMinute = (limit: { windowMs: number; max: number }) =>
  limit.windowMs === 60_000 ? `${limit.max} a minute` : `${limit.max} per ${limit.windowMs / 1000} seconds`;

/** "Per account (all its keys together), 1200 requests a minute for status, … (bursts included), and 150 a minute for add, …", from the limits the server applies. */
export const RATE_LIMIT_TEXT = `Per account (all its keys together), ${perMinute(API_V2_RATE_LIMITS.read).replace(' ', ' requests ')} for ${inWords(API_V2_READ_ACTIONS)} (bursts included), and ${perMinute(API_V2_RATE_LIMITS.write)} for ${inWords(API_V2_WRITE_ACTIONS)}; a new key does not start a new count`;

/** "A missing or wrong key: 30 requests a minute and 300 an hour per address", from the limits the server applies. */
export const WRONG_KEY_LIMIT_TEXT = `Requests with a missing or wrong key: ${API_V2_WRONG_KEY_LIMITS.map((limit, i) =>
  limit.windowMs === 60_000 ? `${limit.max}${i === 0 ? ' requests' : ''} a minute` : `${limit.max} an hour`,
).join(' and ')} per address (a valid key from the same address is not affected)`;

/** The bounds of one order, as the server checks them. */
export const ORDER_LIMIT_TEXT = `A drip-feed has ${DRIP_FEED_LIMITS.runs.min} to ${DRIP_FEED_LIMITS.runs.max} runs, ${DRIP_FEED_LIMITS.interval.min} to ${formatNumber(DRIP_FEED_LIMITS.interval.max)} minutes apart; a Custom Comments order at most ${formatNumber(COMMENT_LIMITS.lines)} comments of ${COMMENT_LIMITS.lineLength} characters, ${formatNumber(COMMENT_LIMITS.total)} characters in all`;

/** The status words after which an order no longer changes. */
export const FINISHED_STATUS_WORDS = FINAL_STATUSES.map((status) => API_V2_STATUS[status]);

// ---- Code samples: place an order, then poll its status until it is finished ----

export interface SampleOptions {
  /** The full API v2 URL, e.g. `${location.origin}${API_V2_PATH}`. */
  endpoint: string;
  key?: string;
  pollSeconds?: number;
}

const ADD_EXAMPLE = API_EXAMPLES.find((example) => example.id === 'add');

/** The place-order request the samples send. */
export const SAMPLE_ORDER = ADD_EXAMPLE?.request ?? {};

const SHELL_SAFE = /^[A-Za-z0-9_./:,@=-]+$/;
function shellQuote(text: string): string {
  return SHELL_SAFE.test(text) ? text : `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** One curl command posting `request` (with the key) as a form, each field URL-encoded. */
export function curlCommand(endpoint: string, key: string, request: Readonly<Record<string, string>>): string {
  const fields = Object.entries({ key, ...request }).map(([name, value]) => `  --data-urlencode ${shellQuote(`${name}=${value}`)}`);
  return [`curl -s -X POST ${shellQuote(endpoint)}`, ...fields].join(' \\\n');
}

/** What the status request of the samples answers right after the order was placed. */
export const SAMPLE_STATUS_ANSWER = {
  charge: '1100.00',
  start_count: '0',
  status: API_V2_STATUS.pending,
  remains: '0',
  currency: API_V2_CURRENCY,
};

function curlSample({ endpoint, key = KEY_PLACEHOLDER }: SampleOptions): string {
  return [
    '# Place an order',
    curlCommand(endpoint, key, SAMPLE_ORDER),
    `# Answer: ${JSON.stringify(ADD_EXAMPLE?.answer)}`,
    '',
    '# Check it, with the order number from that answer',
    curlCommand(endpoint, key, { action: 'status', order: String(EXAMPLE_ORDERS.followers.order) }),
    `# Answer: ${JSON.stringify(SAMPLE_STATUS_ANSWER)}`,
  ].join('\n');
}

/** A single-quoted string literal, the same in PHP and JavaScript. */
const quoted = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const phpValue = (text: string) => (/^[1-9]\d{0,14}$/.test(text) ? text : quoted(text));

function phpSample({ endpoint, key = KEY_PLACEHOLDER, pollSeconds = 60 }: SampleOptions): string {
  const order = Object.entries(SAMPLE_ORDER)
    .map(([name, value]) => `${quoted(name)} => ${phpValue(value)}`)
    .join(', ');
  return `<?php
// PHP 7.4 or newer with the curl extension.
// Places an order, then checks it every ${pollSeconds} seconds until it is finished.
const API_URL = ${quoted(endpoint)};
const API_KEY = ${quoted(key)};
const FINISHED = [${FINISHED_STATUS_WORDS.map(quoted).join(', ')}];

function callApi(array $params): array
{
    $ch = curl_init(API_URL);
    curl_setopt_array($ch, [
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => http_build_query(['key' => API_KEY] + $params),
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 30,
    ]);
    $body = curl_exec($ch);
    $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    if ($body === false) {
        throw new RuntimeException('No answer: ' . curl_error($ch));
    }
    if ($code === 429) { // over the rate limit: wait a moment, then try again
        sleep(1);
        return callApi($params);
    }
    $answer = json_decode($body, true);
    if (!is_array($answer)) {
        throw new RuntimeException("Unexpected answer (HTTP $code)");
    }
    if (isset($answer['error'])) {
        throw new RuntimeException($answer['error']);
    }
    return $answer;
}

$placed = callApi([${order}]);
$order = $placed['order'];
echo "Order $order placed\\n";

do {
    sleep(${pollSeconds});
    $status = callApi(['action' => 'status', 'order' => $order]);
    echo "Order $order: {$status['status']}, charge {$status['charge']} {$status['currency']}, remains {$status['remains']}\\n";
} while (!in_array($status['status'], FINISHED, true));
`;
}

function nodeSample({ endpoint, key = KEY_PLACEHOLDER, pollSeconds = 60 }: SampleOptions): string {
  const order = Object.entries(SAMPLE_ORDER)
    .map(([name, value]) => `${name}: ${quoted(value)}`)
    .join(', ');
  return `// Node 18 or newer (built-in fetch); save as order.mjs and run \`node order.mjs\`.
// Places an order, then checks it every ${pollSeconds} seconds until it is finished.
const API_URL = ${quoted(endpoint)};
const API_KEY = ${quoted(key)};
const FINISHED = [${FINISHED_STATUS_WORDS.map(quoted).join(', ')}];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function callApi(params) {
  const res = await fetch(API_URL, { method: 'POST', body: new URLSearchParams({ key: API_KEY, ...params }) });
  if (res.status === 429) {
    // over the rate limit: wait a moment, then try again
    await sleep(1000);
    return callApi(params);
  }
  const answer = await res.json();
  if (answer.error) throw new Error(answer.error);
  return answer;
}

const { order } = await callApi({ ${order} });
console.log(\`Order \${order} placed\`);

let status;
do {
  await sleep(${pollSeconds} * 1000);
  status = await callApi({ action: 'status', order: String(order) });
  console.log(\`Order \${order}: \${status.status}, charge \${status.charge} \${status.currency}, remains \${status.remains}\`);
} while (!FINISHED.includes(status.status));
`;
}

export type SampleLanguage = 'curl' | 'php' | 'node';

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  code: string;
}

export function codeSamples(options: SampleOptions): CodeSample[] {
  return [
    { language: 'curl', label: 'curl', code: curlSample(options) },
    { language: 'php', label: 'PHP', code: phpSample(options) },
    { language: 'node', label: 'Node.js', code: nodeSample(options) },
  ];
}

/** The endpoint as the page shows it. */
export function endpointUrl(origin: string): string {
  return `${origin}${API_V2_PATH}`;
}

/** The four ways a request may be sent, each one curl command (the reseller-api browser test runs them). */
export type RequestShape = 'form' | 'json' | 'multipart' | 'get';

export const REQUEST_SHAPES: readonly { shape: RequestShape; label: string }[] = [
  { shape: 'form', label: 'POST, form fields (application/x-www-form-urlencoded)' },
  { shape: 'json', label: 'POST, a JSON body' },
  { shape: 'multipart', label: 'POST, multipart/form-data (JS FormData, PHP curl given an array)' },
  { shape: 'get', label: 'GET, everything in the query string' },
];

/** `request` (with the key) sent as `shape` by curl. */
export function shapeCommand(shape: RequestShape, endpoint: string, key: string, request: Readonly<Record<string, string>>): string {
  const fields = { key, ...request };
  const each = (option: string) => Object.entries(fields).map(([name, value]) => `  ${option} ${shellQuote(`${name}=${value}`)}`);
  switch (shape) {
    case 'form':
      return curlCommand(endpoint, key, request);
    case 'json':
      return [
        `curl -s -X POST ${shellQuote(endpoint)}`,
        "  -H 'Content-Type: application/json'",
        `  -d ${shellQuote(JSON.stringify(fields))}`,
      ].join(' \\\n');
    case 'multipart':
      // --form-string, not -F: a value starting with @ (a username) is then text, not a file to upload.
      return [`curl -s ${shellQuote(endpoint)}`, ...each('--form-string')].join(' \\\n');
    case 'get':
      return [`curl -s -G ${shellQuote(endpoint)}`, ...each('--data-urlencode')].join(' \\\n');
  }
}

/** How a request looks as form fields, one per line (what the docs show). */
export function formLines(request: Readonly<Record<string, string>>, key = KEY_PLACEHOLDER): string {
  return Object.entries({ key, ...request })
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
}
