// A service's quality figures, measured from its own orders (issue 31): the average time per 1,000 and the median
// start of its last completed orders (how the big panels define "average time"), and the share of its orders that
// ended in the last 30 days completed in full. Folded by the every-minute worker (services/catalogue/service-figures.ts),
// never on a page load; shown on /order and /services and in API v2 `services`. Also the admin's free-text badges,
// which may never claim what the service's own facts contradict.
import type { ServiceFigures } from './answers';
import { DAY_MS, type PakistanDay, pakistanDayOf } from './pakistan-days';

export type { ServiceFigures };

export const FIGURES = {
  /** The completed orders the time figures are taken over (the newest). */
  sample: 10,
  /** Fewer completed orders than this: "New", no figure shown. */
  newBelow: 3,
  /** The window of the completed-in-full share. */
  windowDays: 30,
} as const;

/** A completed order as the time figures read it. */
export interface OrderSample {
  orderId: string;
  quantity: number;
  /** From placement to completion. */
  durationMs: number;
  /** From placement to its start (to its completion when it never showed as in progress). */
  startMs: number;
  /** When it completed (ms): the newest samples are kept. */
  endedMs: number;
}

/** Orders that ended on a Pakistan day, and how many of them completed in full. */
export interface DayCount {
  ended: number;
  completed: number;
}

/** What a service's figures are worked out from (the fold keeps it per service). */
export interface FiguresSource {
  recent: readonly OrderSample[];
  days: Readonly<Record<PakistanDay, DayCount>>;
}

/** What "Measured" on the services list means, said once for the web app and the server-rendered page. */
export const FIGURES_EXPLAINED = `Measured: over each service’s last ${FIGURES.sample} completed orders, the average time to deliver 1,000 and the median time to start; of its orders that ended in the last ${FIGURES.windowDays} days, the share completed in full. New: fewer than ${FIGURES.newBelow} orders completed.`;

/** The days a figure counts on `now`: today in Pakistan and the 29 before it. */
export const windowStartDay = (nowMs: number): PakistanDay => pakistanDayOf(nowMs - (FIGURES.windowDays - 1) * DAY_MS);

/** The samples kept: the newest completed first (by completion, then id), at most FIGURES.sample. */
export function keepRecent(samples: readonly OrderSample[]): OrderSample[] {
  return [...samples]
    .sort((a, b) => b.endedMs - a.endedMs || (a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0))
    .filter((s, i, all) => all.findIndex((t) => t.orderId === s.orderId) === i)
    .slice(0, FIGURES.sample);
}

/** The day counts still inside the window on `nowMs` (older days are dropped). */
export function daysInWindow(days: Readonly<Record<PakistanDay, DayCount>>, nowMs: number): Record<PakistanDay, DayCount> {
  const first = windowStartDay(nowMs);
  return Object.fromEntries(Object.entries(days).filter(([day]) => day >= first));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The figures of `source` on `nowMs`, counted up to `asOfMs`. */
export function figuresOf(source: FiguresSource, nowMs: number, asOfMs: number): ServiceFigures {
  const recent = keepRecent(source.recent);
  const isNew = recent.length < FIGURES.newBelow;
  const quantity = recent.reduce((sum, s) => sum + s.quantity, 0);
  const duration = recent.reduce((sum, s) => sum + s.durationMs, 0);
  let ended = 0;
  let completed = 0;
  for (const count of Object.values(daysInWindow(source.days, nowMs))) {
    ended += count.ended;
    completed += count.completed;
  }
  return {
    new: isNew,
    // Weighted by quantity (the time of all of them over all they delivered), so a 10-unit order does not count as 1,000.
    // ms per unit is seconds per 1,000.
    timePer1000: isNew || quantity <= 0 ? null : Math.round(duration / quantity),
    medianStart: isNew ? null : Math.round(median(recent.map((s) => s.startMs)) / 1000),
    // Rounded down: 100% is only said when every order completed in full.
    completedPercent: ended < FIGURES.newBelow ? null : Math.floor((completed * 100) / ended),
    orders30Days: ended,
    asOf: new Date(asOfMs).toISOString(),
  };
}

/** A number of seconds as people say it: "under 1 min", "14 min", "3 h 5 min", "2 d 4 h". */
export function durationLabel(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The facts of a service a badge is checked against. */
export interface BadgeFacts {
  refillDays: number;
  cancel: boolean;
  dripfeed: boolean;
  figures?: ServiceFigures | undefined;
}

export const BADGE_LIMITS = { count: 3, length: 24 } as const;
/** A start slower than this is not "instant" or "fast". */
const FAST_START_SECONDS = 60 * 60;
const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
};
const PERIOD_DAYS: Record<string, number> = { d: 1, day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30, year: 365, years: 365 };

/** "30-day refill", "refill 1 month", "Refill: 2 weeks": the days a badge says, or null. */
function saidDays(text: string): number | null {
  const found =
    /(\d+)\s*-?\s*(d|days?|weeks?|months?|years?)\b/.exec(text) ??
    /refill\D{0,3}(\d+)(?:\s*-?\s*(d|days?|weeks?|months?|years?)\b)?/.exec(text);
  if (!found) return null;
  return Number(found[1]) * (PERIOD_DAYS[found[2] ?? 'days'] ?? 1);
}

/** "Start 0-5 min", "starts in 1 h": the longest start a badge promises, in seconds, or null. */
function saidStartSeconds(text: string): number | null {
  const found = /start\w*\D{0,12}?(?:\d+\s*-\s*)?(\d+)\s*(s|sec|m|mins?|minutes?|h|hrs?|hours?)\b/.exec(text);
  return found ? Number(found[1]) * (UNIT_SECONDS[found[2] as string] ?? 60) : null;
}

/**
 * Why `badge` claims what the service's own facts contradict ("says refill, but …"), or null when it does not:
 * refill (or its days, "lifetime") against the refill window, cancel and drip-feed against the service, instant or
 * fast, or a start time, against its measured median start. The admin's save refuses such a badge; a badge the
 * figures come to contradict later is hidden.
 */
export function badgeIssue(badge: string, facts: BadgeFacts): string | null {
  const text = badge.toLowerCase().replace(/[’']/g, "'");
  const denies = (word: string) =>
    new RegExp(`\\b(?:no|non|not|without|can't|cannot|un)[\\s-]*${word}`).test(text) || new RegExp(`${word}\\w*\\s*:?\\s*no\\b`).test(text);
  if (text.includes('refill')) {
    if (denies('refill')) {
      if (facts.refillDays > 0) return `says no refill, but the service has a ${facts.refillDays}-day refill`;
    } else if (facts.refillDays === 0) return 'says refill, but the service has no refill';
    else if (/lifetime|forever|unlimited|life-time/.test(text))
      return `says a lifetime refill, but the refill window is ${facts.refillDays} days`;
    else {
      const days = saidDays(text);
      if (days !== null && days !== facts.refillDays) return `says ${days} days, but the refill window is ${facts.refillDays} days`;
    }
  }
  if (text.includes('cancel')) {
    if (denies('cancel')) {
      if (facts.cancel) return 'says no cancel, but the service allows cancel';
    } else if (!facts.cancel) return 'says cancel, but the service does not allow cancel';
  }
  if (text.includes('drip') && !denies('drip') && !facts.dripfeed) return 'says drip-feed, but the service has no drip-feed';
  const start = facts.figures && !facts.figures.new ? facts.figures.medianStart : null;
  if (start !== null) {
    const promised = saidStartSeconds(text);
    if (promised !== null && start > promised)
      return `says it starts in ${durationLabel(promised)}, but its orders start in ${durationLabel(start)} (median)`;
    if (/\b(?:instant\w*|fast\w*|quick\w*|immediate\w*)\b/.test(text) && start > FAST_START_SECONDS)
      return `says fast, but its orders start in ${durationLabel(start)} (median)`;
  }
  return null;
}

/** The badges of a service its facts do not contradict (what customers are shown). */
export const shownBadges = (badges: readonly string[] | undefined, facts: BadgeFacts): string[] =>
  (badges ?? []).filter((badge) => badgeIssue(badge, facts) === null);

/** One fact of a service as the order page and the services list show it: `label` (if any) then `value`. */
export interface ServiceFact {
  label?: string;
  value: string;
  /** Said in full where there is room (a tooltip, an accessible description). */
  detail?: string;
  kind: 'term' | 'figure' | 'new' | 'badge';
}

/** What a service's figures say, short, for a table cell: "New", or "2 h 10 min per 1,000 · starts in 4 min · 96% in full". */
export function figuresSummary(figures: ServiceFigures | undefined): string {
  const parts =
    !figures || figures.new || figures.timePer1000 === null || figures.medianStart === null
      ? ['New']
      : [`${durationLabel(figures.timePer1000)} per 1,000`, `starts in ${durationLabel(figures.medianStart)}`];
  // The share stands on its own: a new service with many cancelled orders says so.
  if (figures && figures.completedPercent !== null) parts.push(`${figures.completedPercent}% in full`);
  return parts.join(' · ');
}

/**
 * A service's own facts: its refill window (or "No refill"), whether it may be cancelled, its measured figures (or
 * "New"), and the badges it shows. Nothing here is claimed for every service alike.
 */
export function serviceFacts(service: {
  refillDays?: number | undefined;
  cancel?: boolean | undefined;
  figures?: ServiceFigures | undefined;
  badges?: readonly string[] | undefined;
}): ServiceFact[] {
  const refillDays = service.refillDays ?? 0;
  const facts: ServiceFact[] = [
    refillDays > 0 ? { label: 'Refill', value: `${refillDays} days`, kind: 'term' } : { value: 'No refill', kind: 'term' },
    service.cancel ? { label: 'Cancel', value: 'Allowed', kind: 'term' } : { value: 'No cancel', kind: 'term' },
  ];
  const f = service.figures;
  if (!f || f.new || f.timePer1000 === null || f.medianStart === null) {
    facts.push({ value: 'New', detail: `Fewer than ${FIGURES.newBelow} orders completed: no time figures yet`, kind: 'new' });
  } else {
    facts.push(
      {
        label: 'Avg time per 1,000',
        value: durationLabel(f.timePer1000),
        detail: `Over its last ${FIGURES.sample} completed orders`,
        kind: 'figure',
      },
      {
        label: 'Median start',
        value: durationLabel(f.medianStart),
        detail: `Over its last ${FIGURES.sample} completed orders`,
        kind: 'figure',
      },
    );
  }
  // The share stands on its own: a new service with many cancelled orders says so.
  if (f && f.completedPercent !== null) {
    facts.push({
      label: 'Completed in full',
      value: `${f.completedPercent}%`,
      detail: `Of ${f.orders30Days} orders that ended in the last ${FIGURES.windowDays} days`,
      kind: 'figure',
    });
  }
  for (const badge of service.badges ?? []) facts.push({ value: badge, kind: 'badge' });
  return facts;
}
