// The answers providers send, read without a network: every shape the wild produces and what it means.
import { describe, expect, it } from 'vitest';
import { parseId } from '../shared/api-v2';
import { readAdd, readBalance, readCancel, readMultiStatus, readRefill, readRefillStatus, readServices, readStatus } from './answers';
import type { RawAnswer } from './transport';
import { parseAmount, parseCount, parseDecimal, parseFlag, parseInteger } from './values';

const json = (value: unknown, httpStatus = 200): RawAnswer => ({ ok: true, json: value, httpStatus });

describe('values as providers send them', () => {
  it.each([
    [0.27, 0.27],
    ['0.27', 0.27],
    [' 12 ', 12],
    ['-3.5', -3.5],
    ['.5', 0.5],
    ['', null],
    ['1,5', null],
    ['12abc', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [true, null],
  ])('decimal %j → %j', (value, expected) => expect(parseDecimal(value)).toBe(expected));

  it.each([
    ['100', 100],
    [100, 100],
    ['100.0', 100],
    ['-5', -5],
    ['Unknown', null],
    [1.5, null],
    ['', null],
    [undefined, null],
  ])('integer %j → %j', (value, expected) => expect(parseInteger(value)).toBe(expected));

  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
    ['TRUE', true],
    ['no', false],
    [2, null],
    ['maybe', null],
  ])('flag %j → %j', (value, expected) => expect(parseFlag(value)).toBe(expected));

  it.each([
    [23501, '23501'],
    ['23501', '23501'],
    [' 007 ', '7'],
    ['123456789012345678901', '123456789012345678901'],
    ['ab-12_c', 'ab-12_c'],
    [0, null],
    ['0', null],
    [-4, null],
    ['-4', null],
    [1.5, null],
    ['two words', null],
    ['', null],
    [null, null],
    [{}, null],
  ])('id %j → %j', (value, expected) => expect(parseId(value)).toBe(expected));

  // A hostile or broken provider's numbers: out of bounds is unreadable, never stored.
  const FORTY_DIGITS = '1234567890123456789012345678901234567890';
  it.each([
    ['0.27', 0.27],
    [0, 0],
    ['-0', 0],
    [1e12, 1e12],
    ['1000000000000', 1e12],
    [1e12 + 1, null],
    [1e30, null],
    ['1e30', null],
    [-5, null],
    ['-5', null],
    ['NaN', null],
    ['Infinity', null],
    ['-Infinity', null],
    ['0x10', null],
    [FORTY_DIGITS, null],
    [`0.${'0'.repeat(29)}1`, null],
  ])('amount %j → %j', (value, expected) => expect(parseAmount(value)).toBe(expected));

  it.each([
    ['100', 100],
    [0, 0],
    [1e12, 1e12],
    [1e12 + 1, null],
    [1e30, null],
    ['1e30', null],
    [-5, null],
    ['-5', null],
    ['NaN', null],
    [FORTY_DIGITS, null],
    ['12345678901234567890', null],
    [1.5, null],
  ])('count %j → %j', (value, expected) => expect(parseCount(value)).toBe(expected));
});

describe('numbers out of bounds', () => {
  const HUGE = [1e30, '1e30', -5, 'NaN', 'Infinity', '1234567890123456789012345678901234567890'];

  it.each(HUGE)('a balance of %j is no answer (unknown): nothing to store or show', (balance) => {
    expect(readBalance(json({ balance, currency: 'USD' }))).toMatchObject({ ok: false, kind: 'unknown' });
  });

  it.each(HUGE)('a service whose rate, min or max is %j is left out and counted', (bad) => {
    const good = { service: 1, name: 'Followers', rate: '0.9', min: 10, max: 100 };
    const result = readServices(
      json([good, { ...good, service: 2, rate: bad }, { ...good, service: 3, min: bad }, { ...good, service: 4, max: bad }]),
    );
    expect(result).toMatchObject({ ok: true, value: { skipped: 3 } });
    expect(result.ok && result.value.services.map((s) => s.service)).toEqual(['1']);
  });

  it.each(HUGE)('a status whose charge, start_count and remains are %j keeps none of them', (bad) => {
    expect(readStatus(json({ status: 'In progress', charge: bad, start_count: bad, remains: bad }))).toMatchObject({
      ok: true,
      value: { status: 'In progress', charge: null, startCount: null, remains: null },
    });
  });
});

describe('add', () => {
  it.each([
    [{ order: 23501 }, '23501'],
    [{ order: '23501' }, '23501'],
    [{ order: 23501, error: 'Something odd' }, '23501'],
  ])('%j names the placed order', (value, order) => {
    expect(readAdd(json(value))).toEqual({ ok: true, value: { order } });
  });

  it.each([
    [{ error: 'Not enough funds on balance' }, 200],
    [{ error: 'Too many requests' }, 429],
  ])('%j (HTTP %i) is a refusal: not placed', (value, httpStatus) => {
    expect(readAdd(json(value, httpStatus))).toEqual({ ok: false, kind: 'refused', error: value.error, httpStatus });
  });

  it.each([
    [{}],
    [{ status: 'success' }],
    [{ order: 0 }],
    [{ order: null }],
    [{ order: 'not an id' }],
    [{ error: '' }],
    [{ error: { message: 'nested' } }],
    [[]],
    ['ok'],
    [null],
  ])('%j may have placed it: unknown', (value) => {
    const result = readAdd(json(value));
    expect(result).toMatchObject({ ok: false, kind: 'unknown' });
  });

  it('a 4xx without an {error} is unknown', () => {
    expect(readAdd(json({ message: 'Not found' }, 404))).toMatchObject({ ok: false, kind: 'unknown', detail: 'HTTP 404' });
  });
});

describe('balance and services', () => {
  it('reads a balance sent as text or number', () => {
    expect(readBalance(json({ balance: '12.3456', currency: 'USD' }))).toEqual({
      ok: true,
      value: { balance: 12.3456, balanceRaw: '12.3456', currency: 'USD' },
    });
    expect(readBalance(json({ balance: 3 }))).toEqual({ ok: true, value: { balance: 3, balanceRaw: '3', currency: null } });
    expect(readBalance(json({ balance: 'n/a' }))).toMatchObject({ ok: false, kind: 'unknown' });
    expect(readBalance(json({ error: 'Invalid API key' }))).toMatchObject({ ok: false, kind: 'refused', error: 'Invalid API key' });
  });

  it('reads each service leniently and leaves out (and counts) the ones it cannot price', () => {
    const result = readServices(
      json([
        {
          service: 1,
          name: 'Followers',
          type: 'Default',
          category: 'Instagram',
          rate: '0.90',
          min: '50',
          max: '10000',
          refill: true,
          cancel: false,
        },
        { service: '2', name: 'Likes', rate: 1.2, min: 10, max: 100, refill: '1', cancel: '0', dripfeed: 1 },
        { service: 3, name: 'No rate', min: 1, max: 2 },
        { service: 4, name: 'Bad limits', rate: '1', min: 100, max: 10 },
        { name: 'No id', rate: '1', min: 1, max: 2 },
        'not an object',
      ]),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        services: [
          {
            service: '1',
            name: 'Followers',
            type: 'Default',
            category: 'Instagram',
            rate: 0.9,
            rateRaw: '0.90',
            min: 50,
            max: 10000,
            refill: true,
            cancel: false,
            dripfeed: false,
          },
          {
            service: '2',
            name: 'Likes',
            type: 'Default',
            category: '',
            rate: 1.2,
            rateRaw: '1.2',
            min: 10,
            max: 100,
            refill: true,
            cancel: false,
            dripfeed: true,
          },
        ],
        skipped: 4,
      },
    });
  });

  it('an empty list is a list; an object is not', () => {
    expect(readServices(json([]))).toEqual({ ok: true, value: { services: [], skipped: 0 } });
    expect(readServices(json({ 1: { service: 1 } }))).toMatchObject({ ok: false, kind: 'unknown' });
  });
});

describe('status', () => {
  const pending = { charge: '0.27', start_count: '3572', status: 'Pending', remains: '157', currency: 'USD' };

  it('reads the single form, numbers as text', () => {
    expect(readStatus(json(pending))).toEqual({
      ok: true,
      value: { status: 'Pending', charge: 0.27, startCount: 3572, remains: 157, remainsRaw: '157', currency: 'USD' },
    });
    expect(readStatus(json({ status: 'Partial', remains: 'Unknown' }))).toMatchObject({
      ok: true,
      value: { remains: null, remainsRaw: 'Unknown', charge: null, startCount: null },
    });
    expect(readStatus(json({ error: 'Incorrect order ID' }))).toMatchObject({ ok: false, kind: 'refused', error: 'Incorrect order ID' });
    expect(readStatus(json({ charge: '1' }))).toMatchObject({ ok: false, kind: 'unknown' });
  });

  it('reads the multi form per asked id: status, error, missing, unreadable', () => {
    const result = readMultiStatus(json({ '1': pending, '2': { error: 'Incorrect order ID' }, '4': 'odd', '99': pending }), [
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...result.value.keys()]).toEqual(['1', '2', '3', '4']);
    expect(result.value.get('1')).toMatchObject({ kind: 'status', status: { status: 'Pending', remains: 157 } });
    expect(result.value.get('2')).toEqual({ kind: 'error', error: 'Incorrect order ID' });
    expect(result.value.get('3')).toEqual({ kind: 'missing' });
    expect(result.value.get('4')).toEqual({ kind: 'unreadable', raw: 'odd' });
  });

  it('reads a list of {order, …} as well, and ids compare as ids', () => {
    const result = readMultiStatus(json([{ order: 7, ...pending }]), ['007']);
    expect(result.ok && result.value.get('007')).toMatchObject({ kind: 'status' });
  });

  it('a single status where a map was asked is not per id: unknown', () => {
    expect(readMultiStatus(json(pending), ['1', '2'])).toMatchObject({ ok: false, kind: 'unknown' });
    expect(readMultiStatus(json({ error: 'Invalid API key' }), ['1'])).toMatchObject({ ok: false, kind: 'refused' });
  });
});

describe('refill, refill_status and cancel', () => {
  it('refill', () => {
    expect(readRefill(json({ refill: 77 }))).toEqual({ ok: true, value: { refill: '77' } });
    expect(readRefill(json({ refill: '77' }))).toEqual({ ok: true, value: { refill: '77' } });
    expect(readRefill(json({ error: 'Order not eligible for refill.' }))).toMatchObject({ kind: 'refused' });
    expect(readRefill(json({ refill: { error: 'Incorrect order ID' } }))).toMatchObject({ kind: 'refused', error: 'Incorrect order ID' });
    expect(readRefill(json({}))).toMatchObject({ kind: 'unknown' });
  });

  it('refill_status', () => {
    expect(readRefillStatus(json({ status: 'Completed' }))).toEqual({ ok: true, value: { status: 'Completed' } });
    expect(readRefillStatus(json({ status: { error: 'Refill not found' } }))).toMatchObject({ kind: 'refused', error: 'Refill not found' });
    expect(readRefillStatus(json({ status: '' }))).toMatchObject({ kind: 'unknown' });
  });

  it('cancel, per asked id, as a list or an object', () => {
    const list = readCancel(
      json([
        { order: 1, cancel: 1 },
        { order: 2, cancel: { error: 'Order can not be canceled' } },
        { order: 4, cancel: 0 },
      ]),
      ['1', '2', '3', '4'],
    );
    expect(list.ok && [...list.value.entries()]).toEqual([
      ['1', { kind: 'accepted' }],
      ['2', { kind: 'error', error: 'Order can not be canceled' }],
      ['3', { kind: 'missing' }],
      ['4', { kind: 'error', error: 'not cancelled (0)' }],
    ]);
    const object = readCancel(json({ '1': { cancel: true }, '2': '1' }), ['1', '2']);
    expect(object.ok && [...object.value.values()]).toEqual([{ kind: 'accepted' }, { kind: 'accepted' }]);
    expect(readCancel(json({ ok: true }), ['1'])).toMatchObject({ kind: 'unknown' });
  });
});
