// What each API v2 action answers, read leniently (values.ts) but never guessed: an answer that does
// not say what the action needs is `unknown`, an `{"error": ...}` is `refused`. Numbers are bounded
// (values.ts): a balance or rate out of bounds is no answer; a count out of bounds is no count.
import { z } from 'zod';
import { parseId } from '../shared/api-v2';
import { okResult, refusedResult, type UpstreamResult, unknownResult } from './result';
import type { RawAnswer } from './transport';
import { errorOf, jsonObject, parseAmount, parseCount, parseFlag, parseText, rawText } from './values';

export interface ProviderBalance {
  balance: number;
  /** As sent ("12.3456"), for an exact conversion later. */
  balanceRaw: string;
  currency: string | null;
}

export interface ProviderService {
  service: string;
  name: string;
  type: string;
  category: string;
  /** Per 1000, in the provider's currency. */
  rate: number;
  rateRaw: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

export interface ProviderServices {
  services: ProviderService[];
  /** Entries left out because a required field (id, name, rate, min, max) was unreadable. */
  skipped: number;
}

export interface PlacedOrder {
  order: string;
}

export interface ProviderOrderStatus {
  /** The status word as sent ("In progress", "Canceled"…): mapUpstreamStatus decides what it means. */
  status: string;
  charge: number | null;
  startCount: number | null;
  /** Parsed when it is a whole number within bounds (above the quantity included: the mapping judges). */
  remains: number | null;
  remainsRaw: string | null;
  currency: string | null;
}

/** One order of a multi-status answer. `missing`: the provider said nothing about it. */
export type StatusEntry =
  | { kind: 'status'; status: ProviderOrderStatus }
  | { kind: 'error'; error: string }
  | { kind: 'missing' }
  | { kind: 'unreadable'; raw: string | null };

export interface PlacedRefill {
  refill: string;
}

export interface ProviderRefillStatus {
  status: string;
}

/** One order of a cancel answer: `accepted` means the provider took the request, not that it refunded. */
export type CancelEntry = { kind: 'accepted' } | { kind: 'error'; error: string } | { kind: 'missing' };

/** A refusal, a 4xx that is not one, or the value `read` finds (null: unknown). */
function interpret<T>(answer: RawAnswer, read: (json: unknown) => T | null): UpstreamResult<T> {
  if (!answer.ok) return answer;
  const error = errorOf(answer.json);
  if (error !== null) return refusedResult(error, answer.httpStatus);
  if (answer.httpStatus >= 400) return unknownResult(`HTTP ${answer.httpStatus}`, { httpStatus: answer.httpStatus });
  const value = read(answer.json);
  return value === null ? unknownResult('an answer that does not fit the action', { httpStatus: answer.httpStatus }) : okResult(value);
}

const fields = (json: unknown) => {
  const parsed = jsonObject.safeParse(json);
  return parsed.success ? parsed.data : null;
};

export function readBalance(answer: RawAnswer): UpstreamResult<ProviderBalance> {
  return interpret(answer, (json) => {
    const o = fields(json);
    const balance = parseAmount(o?.balance);
    if (!o || balance === null) return null;
    return { balance, balanceRaw: String(o.balance).trim(), currency: parseText(o.currency, 10) };
  });
}

function readService(item: unknown): ProviderService | null {
  const o = fields(item);
  if (!o) return null;
  const service = parseId(o.service);
  const name = parseText(o.name);
  const rate = parseAmount(o.rate);
  const min = parseCount(o.min);
  const max = parseCount(o.max);
  if (service === null || name === null || rate === null || min === null || max === null || max < min) return null;
  return {
    service,
    name,
    type: parseText(o.type, 100) ?? 'Default',
    category: parseText(o.category) ?? '',
    rate,
    rateRaw: String(o.rate).trim(),
    min,
    max,
    refill: parseFlag(o.refill) ?? false,
    cancel: parseFlag(o.cancel) ?? false,
    dripfeed: parseFlag(o.dripfeed) ?? false,
  };
}

export function readServices(answer: RawAnswer): UpstreamResult<ProviderServices> {
  return interpret(answer, (json) => {
    const list = z.array(z.unknown()).safeParse(json);
    if (!list.success) return null;
    const services = list.data.map(readService);
    const read = services.filter((s): s is ProviderService => s !== null);
    return { services: read, skipped: services.length - read.length };
  });
}

/**
 * An order id wins over everything else: an answer that names the provider's order means the order
 * exists, whatever else it says. Without one, only a definite `{error}` is a refusal.
 */
export function readAdd(answer: RawAnswer): UpstreamResult<PlacedOrder> {
  if (!answer.ok) return answer;
  const order = parseId(fields(answer.json)?.order);
  if (order !== null) return okResult({ order });
  const error = errorOf(answer.json);
  if (error !== null) return refusedResult(error, answer.httpStatus);
  const { httpStatus } = answer;
  return unknownResult(httpStatus >= 400 ? `HTTP ${httpStatus}` : 'an answer without an order id', { httpStatus });
}

function readStatusObject(json: unknown): ProviderOrderStatus | null {
  const o = fields(json);
  const status = parseText(o?.status, 100);
  if (!o || status === null) return null;
  return {
    status,
    charge: parseAmount(o.charge),
    startCount: parseCount(o.start_count),
    remains: parseCount(o.remains),
    remainsRaw: rawText(o.remains),
    currency: parseText(o.currency, 10),
  };
}

export function readStatus(answer: RawAnswer): UpstreamResult<ProviderOrderStatus> {
  return interpret(answer, readStatusObject);
}

function statusEntry(value: unknown): StatusEntry {
  if (value === undefined || value === null) return { kind: 'missing' };
  const error = errorOf(value);
  if (error !== null) return { kind: 'error', error };
  const status = readStatusObject(value);
  return status ? { kind: 'status', status } : { kind: 'unreadable', raw: rawText(value) };
}

/**
 * The per-id parts of a multi-id answer, by parsed id: a list of `{order, ...}` (every entry with an
 * id), or an object keyed by id (the asked ids only); null when it is neither.
 */
function byAskedId(
  json: unknown,
  ids: readonly string[],
  pick: { fromList: (item: unknown) => unknown; fromObject: (value: unknown) => unknown },
): Map<string, unknown> | null {
  const byId = new Map<string, unknown>();
  const list = z.array(z.unknown()).safeParse(json);
  if (list.success) {
    for (const item of list.data) {
      const id = parseId(fields(item)?.order);
      if (id !== null) byId.set(id, pick.fromList(item));
    }
    return byId;
  }
  const o = fields(json);
  if (!o) return null;
  const asked = new Set(ids.map((id) => parseId(id) ?? id));
  for (const [key, value] of Object.entries(o)) {
    const id = parseId(key);
    if (id !== null && asked.has(id)) byId.set(id, pick.fromObject(value));
  }
  return byId;
}

/**
 * Per asked id (as asked). The standard answer is an object keyed by id; some panels answer a list of
 * `{order, ...status}`. Keys are compared as ids ("007" is order 7).
 */
export function readMultiStatus(answer: RawAnswer, ids: readonly string[]): UpstreamResult<Map<string, StatusEntry>> {
  return interpret(answer, (json) => {
    const byId = byAskedId(json, ids, {
      fromList: (item) => item,
      fromObject: (value) => value,
    });
    if (!byId) return null;
    // One order's status instead of a map: the provider ignored `orders`; nothing here is per id.
    if (!Array.isArray(json) && byId.size === 0 && readStatusObject(json) !== null) return null;
    return new Map(ids.map((id) => [id, statusEntry(byId.get(parseId(id) ?? id))]));
  });
}

export function readRefill(answer: RawAnswer): UpstreamResult<PlacedRefill> {
  if (answer.ok) {
    const nested = errorOf(fields(answer.json)?.refill);
    if (nested !== null) return refusedResult(nested, answer.httpStatus);
  }
  return interpret(answer, (json) => {
    const refill = parseId(fields(json)?.refill);
    return refill === null ? null : { refill };
  });
}

export function readRefillStatus(answer: RawAnswer): UpstreamResult<ProviderRefillStatus> {
  if (answer.ok) {
    const nested = errorOf(fields(answer.json)?.status);
    if (nested !== null) return refusedResult(nested, answer.httpStatus);
  }
  return interpret(answer, (json) => {
    const status = parseText(fields(json)?.status, 100);
    return status === null ? null : { status };
  });
}

function cancelEntry(value: unknown): CancelEntry {
  if (value === undefined || value === null) return { kind: 'missing' };
  const error = errorOf(value);
  if (error !== null) return { kind: 'error', error };
  return parseFlag(value) === true ? { kind: 'accepted' } : { kind: 'error', error: `not cancelled (${rawText(value)})` };
}

/** Per asked id: `[{order, cancel: 1 | {error}}]`, or an object keyed by id. */
export function readCancel(answer: RawAnswer, ids: readonly string[]): UpstreamResult<Map<string, CancelEntry>> {
  return interpret(answer, (json) => {
    const byId = byAskedId(json, ids, {
      fromList: (item) => fields(item)?.cancel,
      fromObject: (value) => fields(value)?.cancel ?? value,
    });
    if (!byId || (!Array.isArray(json) && byId.size === 0)) return null;
    return new Map(ids.map((id) => [id, cancelEntry(byId.get(parseId(id) ?? id))]));
  });
}
