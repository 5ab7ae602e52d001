// The kinds of admin action the audit trail records (services/audit.ts), shared with the web console's
// filter and labels.
export const AUDIT_TYPES = [
  'credit',
  'approve',
  'reject',
  'adjust',
  'status',
  'password_reset',
  'block',
  'unblock',
  'service_create',
  'service_update',
  'service_delete',
  'price_bulk',
  'category_update',
  'settings',
  'refill_complete',
  'refill_reject',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_TYPE_LABELS: Record<AuditType, string> = {
  credit: 'Balance credited',
  approve: 'Top-up approved',
  reject: 'Top-up rejected',
  adjust: 'Balance adjusted',
  status: 'Order status changed',
  password_reset: 'Password reset',
  block: 'Account blocked',
  unblock: 'Account unblocked',
  service_create: 'Service created',
  service_update: 'Service changed',
  service_delete: 'Service deleted',
  price_bulk: 'Prices changed in bulk',
  category_update: 'Categories changed',
  settings: 'Settings changed',
  refill_complete: 'Refill completed',
  refill_reject: 'Refill rejected',
};
