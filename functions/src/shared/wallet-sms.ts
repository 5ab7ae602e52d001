// Reading a wallet's SMS (decision record 0015): the incoming-payment messages Easypaisa and JazzCash send, as the
// admin's wallet phone forwards them. A message is a payment only when it matches one of its wallet's
// templates whole (start to end), so a look-alike ("Congratulations! You have Received Rs 50000…") or a
// message with text around a real one never reads as a payment; text that looks like an incoming payment
// but matches no template is `unparsed` (kept for the admin), anything else `ignored` (outgoing payments,
// fees, promotions, approvals). Shared by the function (which decides) and the web app (the payer field).
import { MAX_PAISA, PAISA_PER_RUPEE, type Paisa } from './money';

/** The wallets whose messages we can read; another wallet's payments are checked by hand. */
export const READABLE_WALLETS = ['easypaisa', 'jazzcash'] as const;
export type WalletKind = (typeof READABLE_WALLETS)[number];

/** The template family of a configured wallet (its provider name, e.g. "Easypaisa"), if we read its messages. */
export function walletKindOf(provider: string): WalletKind | null {
  const name = provider.toLowerCase().replace(/[^a-z]/g, '');
  return READABLE_WALLETS.find((kind) => name === kind) ?? null;
}

/** The digits of the payer's account the message shows: the first ones (after the country code) and the last ones. */
export interface PayerDigits {
  prefix: string;
  suffix: string;
}

export type ParsedSms =
  | {
      kind: 'payment';
      /** Which template read it (e.g. "easypaisa-received"). */
      template: string;
      amountPaisa: Paisa;
      /** The wallet's transaction id, upper-cased (as recharge requests' references are compared). */
      tid: string;
      payerName: string;
      /** The payer's account as the message shows it (e.g. "92345****67"). */
      payerAccount: string;
      payerDigits: PayerDigits;
    }
  | { kind: 'unparsed' }
  | { kind: 'ignored' };

// "Rs 1,000.00", "Rs.2000", "Rs 750": rupees with optional thousands separators and paisa.
const AMOUNT = String.raw`Rs\.?\s?(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?`;
const NAME = String.raw`([^\n]{1,80}?)`;
const TID = '([A-Za-z0-9]{6,40})';
const DATE_TIME = String.raw`\d{2}[/-]\d{2}[/-]\d{4} at \d{2}:\d{2}(?::\d{2})?`;
// A masked account: stars and digits (JazzCash "*******4321"), an Easypaisa mobile ("92345****67"), a
// Raast IBAN tail ("PK**SADAPKKA****8812"): at least one star.
const MASKED = String.raw`((?=[A-Za-z0-9]*\*)[A-Za-z0-9*]{4,34})`;

interface Template {
  id: string;
  wallet: WalletKind;
  pattern: RegExp;
  /** The capture groups' positions. */
  groups: { amount: number; name: number; account: number; tid: number };
  /** Digits of a mobile number's country code to skip before the shown prefix ("92" for Easypaisa's). */
  countryCode?: string;
}

const whole = (source: string) => new RegExp(`^${source}$`, 'i');

const TEMPLATES: readonly Template[] = [
  {
    id: 'easypaisa-received',
    wallet: 'easypaisa',
    pattern: whole(String.raw`Trx ID ${TID}\. You have Received ${AMOUNT} from ${NAME} with Easypaisa Account ${MASKED}\.?`),
    groups: { tid: 1, amount: 2, name: 4, account: 5 },
    countryCode: '92',
  },
  {
    id: 'easypaisa-raast',
    wallet: 'easypaisa',
    pattern: whole(
      String.raw`Dear [^,\n]{1,80}, You have received ${AMOUNT} in your Easypaisa account \*+\d{2,6} from ${NAME} ${MASKED} via Raast Payment on ${DATE_TIME}\. Trx ID: ?${TID}\.?`,
    ),
    groups: { amount: 1, name: 3, account: 4, tid: 5 },
  },
  {
    id: 'jazzcash-received',
    wallet: 'jazzcash',
    pattern: whole(String.raw`${AMOUNT} received from ${NAME}, A/C: ${MASKED} on ${DATE_TIME}\. TID: ?${TID} via JazzCash\.?`),
    groups: { amount: 1, name: 3, account: 4, tid: 5 },
  },
  {
    id: 'jazzcash-raast',
    wallet: 'jazzcash',
    pattern: whole(
      String.raw`${AMOUNT} received from ${NAME} AC ${MASKED} in your JazzCash Mobile Account: ?\d{11} via Raast\. Balance: Rs\.? ?[\d,]{1,15}(?:\.\d{1,2})?\. TID: ?${TID}\.?`,
    ),
    groups: { amount: 1, name: 3, account: 4, tid: 5 },
  },
  {
    id: 'jazzcash-ibft',
    wallet: 'jazzcash',
    pattern: whole(String.raw`${AMOUNT} received from ${NAME}, A/C: (\d{6,24}) on ${DATE_TIME}\. TID: ?${TID} via IBFT\.?`),
    groups: { amount: 1, name: 3, account: 4, tid: 5 },
  },
];

/** The longest SMS we read (a long message arrives joined; anything longer is no wallet's template). */
export const SMS_MAX_LENGTH = 1600;

/** Rupees and paisa as the message writes them, in paisa; null past what we ever credit. */
function amountOf(rupees: string, paisa: string | undefined): Paisa | null {
  const whole = Number(rupees.replace(/,/g, ''));
  const fraction = paisa === undefined ? 0 : Number(paisa.padEnd(2, '0'));
  const amount = whole * PAISA_PER_RUPEE + fraction;
  return Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_PAISA ? amount : null;
}

/**
 * The digits a message shows of the payer's account: around the stars of a masked one (the country code
 * of a mobile left out), or the last four of one shown whole (a bank transfer's account number).
 */
export function payerDigitsOf(account: string, countryCode = ''): PayerDigits {
  const star = account.indexOf('*');
  if (star < 0) return { prefix: '', suffix: account.replace(/\D/g, '').slice(-4) };
  let prefix = account.slice(0, star).replace(/\D/g, '');
  if (countryCode && prefix.startsWith(countryCode)) prefix = prefix.slice(countryCode.length);
  const suffix = /(\d*)$/.exec(account.slice(account.lastIndexOf('*') + 1))?.[1] ?? '';
  return { prefix, suffix };
}

// Words of an incoming payment; and of what is not one (money going out, a request to pay, an offer).
const LOOKS_INCOMING = /\breceived\b[^\n]*\b(?:Rs|PKR)\.?\s?\d|\b(?:Rs|PKR)\.?\s?\d[^\n]*\breceived\b/i;
const OUTGOING = /\b(?:sent to|been successfully sent|you have paid|requested for payment|cashback|fee:)/i;

/** Reads one message of a wallet of `wallet`'s kind (null: a wallet whose messages we do not read). */
export function parseWalletSms(wallet: WalletKind | null, raw: string): ParsedSms {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length > 0 && text.length <= SMS_MAX_LENGTH) {
    for (const template of TEMPLATES) {
      if (template.wallet !== wallet) continue;
      const match = template.pattern.exec(text);
      if (!match) continue;
      const { groups } = template;
      const amountPaisa = amountOf(match[groups.amount] ?? '', match[groups.amount + 1]);
      const account = match[groups.account] ?? '';
      if (amountPaisa === null) break;
      return {
        kind: 'payment',
        template: template.id,
        amountPaisa,
        tid: (match[groups.tid] ?? '').toUpperCase(),
        payerName: (match[groups.name] ?? '').trim(),
        payerAccount: account,
        payerDigits: payerDigitsOf(account, template.countryCode),
      };
    }
  }
  return LOOKS_INCOMING.test(text) && !OUTGOING.test(text) ? { kind: 'unparsed' } : { kind: 'ignored' };
}

// ---- The payer's number, as the customer types it ----

/** What the customer may type: a Pakistani mobile number, an IBAN or a bank account number. */
export const PAYER_NUMBER_HINT = 'Enter the mobile number or account you paid from, e.g. 0345 1234567';

/**
 * The number a customer paid from, in one form: a mobile number as 03XXXXXXXXX (from +92 345 1234567,
 * 0092…, 92…, 0345-1234567, 345 1234567), an IBAN upper-cased without spaces, or a bank account's
 * digits. Null for anything else.
 */
export function normalizePayerNumber(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '').toUpperCase();
  const mobile = /^(?:\+92|0092|92|0)?(3\d{9})$/.exec(compact);
  if (mobile) return `0${mobile[1]}`;
  if (/^PK\d{2}[A-Z]{4}[A-Z0-9]{16}$/.test(compact)) return compact;
  // A bank account number: 12 to 24 digits; a mobile number with a digit too many or too few is no account.
  if (/^\d{12,24}$/.test(compact) && !/^(?:0|92)3\d{8,11}$/.test(compact)) return compact;
  return null;
}

/** The digits compared with a message's: a mobile's national number (3XXXXXXXXX), else all of them. */
const comparableDigits = (payerNumber: string) => (/^03\d{9}$/.test(payerNumber) ? payerNumber.slice(1) : payerNumber);

/**
 * Whether the payer's account a message shows can be the number the customer paid from: its shown
 * first digits begin the number and its last ones end it. A message showing fewer than 4 digits in all
 * (or no last digits) proves nothing, so it never agrees.
 */
export function payerAgrees(shown: PayerDigits, payerNumber: string): boolean {
  if (shown.suffix.length < 2 || shown.prefix.length + shown.suffix.length < 4) return false;
  const digits = comparableDigits(payerNumber);
  return digits.startsWith(shown.prefix) && digits.endsWith(shown.suffix);
}

/** The payer number as shown to an admin next to a message's: "0345 1234567", an IBAN in groups of 4. */
export function formatPayerNumber(payerNumber: string): string {
  if (/^03\d{9}$/.test(payerNumber)) return `${payerNumber.slice(0, 4)} ${payerNumber.slice(4)}`;
  if (payerNumber.startsWith('PK')) return payerNumber.replace(/(.{4})(?=.)/g, '$1 ');
  return payerNumber;
}
