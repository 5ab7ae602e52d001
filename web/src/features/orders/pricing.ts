import { orderPrice, type Paisa, toPaisa } from '@shared/money';

/** The order total in paisa: quantity / 1000 × rate, half up, exactly as the server prices it. */
export function orderTotalPaisa(ratePer1000Rupees: number, quantity: number): Paisa | null {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return null;
  return orderPrice(toPaisa(ratePer1000Rupees), quantity);
}

/** True when the balance (rupees) cannot pay the total (paisa). */
export function isShort(balanceRupees: number, totalPaisa: Paisa): boolean {
  return toPaisa(balanceRupees) < totalPaisa;
}
