import { userSchema } from '@shared/schemas/accounts';
import { rechargeRequestSchema, rejectRequestBody } from '@shared/schemas/top-ups';
import { approveRequestBody } from '@shared/wallet-autopilot';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { useTopUpDecision } from './decide-wallet-event';

export const approveAnswer = z.object({ message: z.string(), request: rechargeRequestSchema, user: z.optional(userSchema) });
export const rejectAnswer = z.object({ message: z.string(), request: rechargeRequestSchema });

/** Credits `amount` rupees, the amount actually received (which may differ from the request's). */
export function approveRechargeRequest({ id, amount }: { id: string; amount: number }) {
  return api.post(`/admin/recharge-requests/${encodeURIComponent(id)}/approve`, approveAnswer, approveRequestBody.parse({ amount }));
}

export function rejectRechargeRequest({ id, note }: { id: string; note?: string }) {
  return api.post(`/admin/recharge-requests/${encodeURIComponent(id)}/reject`, rejectAnswer, rejectRequestBody.parse(note ? { note } : {}));
}

// A decision settles the SMS of its transaction id too (matched, or free again after a rejection).
export const useApproveRechargeRequest = () => useTopUpDecision(approveRechargeRequest);

export const useRejectRechargeRequest = () => useTopUpDecision(rejectRechargeRequest);
