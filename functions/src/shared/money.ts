// Money is integer paisa everywhere in storage and arithmetic (Rs 1 = 100 paisa). Rupees appear only
// at the edges: JSON numbers with at most 2 decimals on the wire, and formatted text in the UI.

import { formatNumber } from './numbers';

export type Paisa = number;

export const PAISA_PER_RUPEE = 100;
/** The largest balance or amount we will ever hold: Rs 10 crore keeps every product below 2^53. */
export const MAX_PAISA: Paisa = 10_000_000_000;

export function isPaisa(value: unknown): value is Paisa {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_PAISA;
}

/** True when a rupee amount from a client has at most 2 decimals (12.5 and 12.05 yes, 12.005 no). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  if (!Number.isFinite(rupees)) return false;
  const scaled = rupees * PAISA_PER_RUPEE;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Rupees (≤ 2 decimals) to paisa. Throws on a value that is not an exact paisa amount. */
export function toPaisa(rupees: number): Paisa {
  if (!hasAtMostTwoDecimals(rupees)) throw new RangeError(`Not a rupee amount: ${rupees}`);
  return Math.round(rupees * PAISA_PER_RUPEE);
}

/** Paisa to rupees for the wire: an exact decimal with at most 2 places. */
export function toRupees(paisa: Paisa): number {
  if (!Number.isSafeInteger(paisa)) throw new RangeError(`Not an integer paisa amount: ${paisa}`);
  return paisa / PAISA_PER_RUPEE;
}

/** Integer division rounding half up, for non-negative numerator and positive denominator. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError('divideRoundHalfUp needs a non-negative safe integer over a positive one');
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** The one pricing rule: quantity / 1000 × rate, rounded to the paisa, half up. */
export function orderPrice(ratePer1000: Paisa, quantity: number): Paisa {
  return divideRoundHalfUp(ratePer1000 * quantity, 1000);
}

/**
 * The refund for an order that ends `partial` with `remains` undelivered: price × remains / quantity,
 * half up. Never more than the price because remains < quantity.
 */
export function partialRefund(price: Paisa, remains: number, quantity: number): Paisa {
  if (!Number.isSafeInteger(remains) || remains <= 0 || remains >= quantity) {
    throw new RangeError('remains must be an integer with 0 < remains < quantity');
  }
  // price × remains passes 2^53 on a large order (a drip-feed's price and quantity are both × runs): exact in BigInt.
  if (!Number.isSafeInteger(price) || !Number.isSafeInteger(quantity)) throw new RangeError('price and quantity must be integers');
  return Number(divideRoundHalfUpBig(BigInt(price) * BigInt(remains), BigInt(quantity)));
}

/** "Rs 1,234.50" (whole rupees without decimals: "Rs 500"). */
export function formatRupees(paisa: Paisa): string {
  const negative = paisa < 0;
  const abs = Math.abs(paisa);
  const whole = Math.floor(abs / PAISA_PER_RUPEE);
  const fraction = abs % PAISA_PER_RUPEE;
  const wholeText = formatNumber(whole);
  const text = fraction === 0 ? wholeText : `${wholeText}.${String(fraction).padStart(2, '0')}`;
  return `${negative ? '-' : ''}Rs ${text}`;
}

/**
 * A non-negative decimal as exact integer parts: "0.0125" or 0.0125 → {units: 125n, scale: 4}, the
 * value being units / 10^scale. A provider's rate and a currency rate are decimals of any length, so
 * their product is computed on these, never on floats. Null for anything else.
 */
export function decimalParts(value: number | string): { units: bigint; scale: number } | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    // 1e-7 prints in exponent form; 20 places hold every decimal a provider sends.
    text = /e/i.test(String(value)) ? value.toFixed(20) : String(value);
  } else text = value.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return { units: BigInt(`${match[1] || '0'}${fraction}`), scale: fraction.length };
}

/** divideRoundHalfUp for numbers past 2^53 (a product of several decimals' parts). */
export function divideRoundHalfUpBig(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('divideRoundHalfUpBig needs a non-negative numerator over a positive one');
  const quotient = numerator / denominator;
  return (numerator - quotient * denominator) * 2n >= denominator ? quotient + 1n : quotient;
}
