// Reports: the admin's overview and the audit trail.
// Shared by the function (which parses every request with them) and the web app (forms and answers); zod/mini, so
// a page builds only the schemas it imports (docs/decisions/0014-web-bundle-budget.md).

import { z } from 'zod/mini';
import { AUDIT_TYPES } from '../audit';
import { isoDate, LIMITS, pageQuery, text, userRef } from './fields';

export const auditQuery = z.extend(pageQuery, {
  /** An admin's email or uid. */
  actor: z.optional(text().check(z.trim(), z.maxLength(LIMITS.email))),
  type: z.optional(z.enum(AUDIT_TYPES)),
});

/** GET /api/admin/overview: what waits, and today's orders and revenue (today = the Pakistan day). */
export const overviewSchema = z.object({
  pendingTopUps: z.number().check(z.int(), z.nonnegative()),
  pendingOrders: z.number().check(z.int(), z.nonnegative()),
  today: z.object({ day: z.string(), orders: z.number().check(z.int(), z.nonnegative()), revenue: z.number() }),
  /** Support tickets waiting for our answer. */
  ticketsWaiting: z.optional(z.number().check(z.int(), z.nonnegative())),
  /** Reviews waiting for the admin's approval before they show on About. */
  reviewsWaiting: z.optional(z.number().check(z.int(), z.nonnegative())),
  /**
   * The top-up autopilot (docs/decisions/0015-top-up-autopilot.md): paired phones silent for 10 minutes (their wallets' payments wait
   * for a person), and the payments waiting for the admin (no request yet; held with a reason).
   */
  walletPhones: z.optional(
    z.object({
      silent: z.array(z.object({ _id: z.string(), name: z.string(), wallet: z.string(), lastSeenAt: z.nullable(z.string()) })),
      unmatchedPayments: z.number().check(z.int(), z.nonnegative()),
      heldPayments: z.number().check(z.int(), z.nonnegative()),
    }),
  ),
});

export type Overview = z.infer<typeof overviewSchema>;

/** A service an audit entry is about, as it is now: the number customers order it by, and its name. */
export const auditServiceSchema = z.object({ _id: z.string(), number: z.number(), name: z.string() });

/** A provider an audit entry names, as it is now: its name, and the currency its costs are in. */
export const auditProviderSchema = z.object({ _id: z.string(), name: z.string(), currency: z.string() });

/**
 * An audit trail entry: who (email and uid), when, what (the action on a document), before and after; and, looked
 * up as the page is read, what it names (absent when it names none, or that document is gone since).
 */
export const auditEntrySchema = z.object({
  _id: z.string(),
  subject: z.string(),
  action: z.enum(AUDIT_TYPES),
  by: z.string(),
  byUid: z.string(),
  at: isoDate,
  before: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  after: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  reason: z.optional(z.string()),
  /** The account it is about: its subject's (`users/{uid}`, `adminMfa/{uid}`), else the `userId` it records. */
  user: z.optional(userRef),
  /** The service it is about (subject `services/{id}`). */
  service: z.optional(auditServiceSchema),
  /** The providers it names (subject `providers/{id}`, a recorded `providerId` or provider link). */
  providers: z.optional(z.array(auditProviderSchema)),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
