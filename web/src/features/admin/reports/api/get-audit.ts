import type { AuditType } from '@shared/audit';
import { auditEntrySchema } from '@shared/schemas/reports';
import { useAdminList } from '@/features/admin/shared/hooks/use-admin-list';

export const adminAuditKey = ['admin', 'audit'] as const;

export interface AuditFilter {
  /** An admin's email (or uid). */
  actor?: string | undefined;
  type?: AuditType | undefined;
}

/** The audit trail, newest first, every entry a page at a time. */
export function useAudit(filter: AuditFilter) {
  return useAdminList({ key: adminAuditKey, path: '/admin/audit', itemsKey: 'entries', item: auditEntrySchema, params: { ...filter } });
}
