// POST /api/wallet-events?device={id}: the webhooks of SMS Gateway for Android (capcom6/android-sms-gateway)
// on the admin's wallet phone, accepted exactly as the app sends them (decision record 0015). The body is read raw,
// because the signature is over its bytes as sent (HMAC-SHA256 of body + X-Timestamp, keyed with the
// phone's signing key); only a verified delivery is parsed and stored. `sms:received` stores the SMS once
// and runs the match; `system:ping` and every other event only say the phone is alive. The app retries
// anything but a 2xx for two days, so a delivery answers 200 as soon as it is stored: a match that fails
// is the every-minute run's to do again, never a reason to make the phone send it again.
import express, { type Request, Router } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { config } from '../lib/config';
import { AppError } from '../lib/errors';
import { parseWith } from '../middleware/parse';
import { matchQuietly } from '../services/top-ups/payment-match';
import { authenticatePhone, markSeen } from '../services/top-ups/wallet-devices';
import { recordWalletMessage, type SmsDelivery } from '../services/top-ups/wallet-events';
import { MESSAGES } from '../shared/messages';
import { isWellFormedText } from '../shared/schemas/fields';

const textField = (max: number) => z.string().max(max).refine(isWellFormedText, MESSAGES.malformedText);

/** The app's envelope: `{deviceId, event, id, payload, webhookId}` (others fields are the app's own). */
const deliverySchema = z.object({
  deviceId: z.optional(z.nullable(textField(200))),
  event: textField(60),
  id: textField(200).pipe(z.string().min(1)),
  webhookId: z.optional(z.nullable(textField(200))),
  payload: z.unknown(),
});

/**
 * `sms:received`'s payload. The sender is `sender` since the app's 2026 payloads and `phoneNumber`
 * before (both are sent now); `receivedAt` is the phone's local time with its offset.
 */
const smsPayloadSchema = z.object({
  messageId: z.optional(z.nullable(textField(200))),
  message: textField(10_000),
  sender: z.optional(z.nullable(textField(100))),
  phoneNumber: z.optional(z.nullable(textField(100))),
  simNumber: z.optional(z.nullable(z.number().int())),
  receivedAt: z.optional(z.nullable(textField(64))),
});

function receivedAtOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
}

const rawBody = express.raw({ type: () => true, limit: config.bodyLimitBytes });

export const walletWebhookRouter = Router();

walletWebhookRouter.post('/', rawBody, async (req: Request, res) => {
  const nowMs = Date.now();
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const phone = await authenticatePhone({
    deviceId: typeof req.query.device === 'string' ? req.query.device : '',
    rawBody: body,
    timestamp: req.get('x-timestamp'),
    signature: req.get('x-signature'),
    nowMs,
  });
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('invalid_json', MESSAGES.invalidJson);
  }
  const delivery = parseWith(deliverySchema, json);
  const appDeviceId = delivery.deviceId ?? null;
  if (delivery.event !== 'sms:received') {
    // A ping (or any other event the app may send): the phone is alive, nothing else happens.
    await markSeen(phone, appDeviceId, nowMs, false);
    res.json({ ok: true });
    return;
  }
  const payload = parseWith(smsPayloadSchema, delivery.payload);
  const sms: SmsDelivery = {
    id: delivery.id,
    webhookId: delivery.webhookId ?? null,
    appDeviceId,
    messageId: payload.messageId ?? null,
    sender: payload.sender ?? payload.phoneNumber ?? '',
    message: payload.message,
    simNumber: payload.simNumber ?? null,
    receivedAt: receivedAtOf(payload.receivedAt),
  };
  const event = await recordWalletMessage(phone, sms, Timestamp.fromMillis(nowMs));
  await markSeen(phone, appDeviceId, nowMs, true);
  // A second delivery of a payment still runs the match: its first may have died before matching.
  if (event.doc.kind === 'payment' && event.doc.status === 'unmatched' && event.doc.tid) {
    await matchQuietly(event.doc.tid, { eventId: event.ref.id });
  }
  res.json({ ok: true });
});
