export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'partial', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'partial', 'cancelled'];

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Which statuses an order may move to from `from`. A final status never changes. */
export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  switch (from) {
    case 'pending':
      return ['processing', 'completed', 'partial', 'cancelled'];
    case 'processing':
      return ['completed', 'partial', 'cancelled'];
    default:
      return [];
  }
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return allowedNextStatuses(from).includes(to);
}

/** Badge colour class names of the dashboard: completed green, pending yellow, cancelled red, others grey. */
export function statusTone(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  if (status === 'cancelled') return 'red';
  return 'grey';
}
