// The terms (/terms): the refund policy and what partial, cancel and refill mean, edited by the admin in Settings and
// versioned (services/accounts/terms.ts); sign-up records which version the customer accepted. Until the admin saves
// a version of their own, version 1 is the text below. Shared by the function and the web app (zod/mini).
import { z } from 'zod/mini';
import { hasControlOrFormatInText } from './names';
import { text } from './schemas/fields';

export const TERMS_LIMITS = { text: 20_000 } as const;

/** Version 1: what the panel does, in its own words, until the admin writes theirs. */
export const BUILT_IN_TERMS = `## Your balance
Money you add is your Shohrat balance, in rupees. Orders are paid from it, and every refund goes back to it: never to a wallet, card or bank account.

## Refunds
- An order cancelled before it starts is refunded in full.
- An order that ends partial (only part of it was delivered) refunds the part not delivered, its share of the price, to the paisa.
- A drip-feed you stop refunds its runs that had not started.
- Each refund is made once and shows in your Statement.

## Cancel
You may cancel a pending order of a service that allows cancel (the order page and the Services page say which). When the order is already with our provider, we ask them to stop it: the refund follows their confirmation, and an order they already delivered completes as usual.

## Refill
A service with a refill window (for example "Refill 30 days") is topped up free of charge when its count drops within that many days of the order's end: tap Refill on the order in My Orders. A service without a refill window has no refill.

## What is never refunded
- What was delivered, including followers, likes or views that drop later, outside a refill window or on a service without refill.
- An order for a wrong, private or deleted link, or a link made private or renamed while the order runs.
- An order for a link that another order (ours or another panel's) is delivering to at the same time: the counts cannot be told apart.
- Your balance itself: it is spent on orders, not paid out.

## Your account
Keep your password and API key to yourself: orders placed with them are yours. An account used for fraud or abuse may be suspended; its balance is kept while we look into it.`;

export const termsSchema = z.object({
  version: z.number().check(z.int()),
  text: z.string(),
  /** When this version was saved; null for the built-in version 1. */
  updatedAt: z.nullable(z.string()),
});
export type Terms = z.infer<typeof termsSchema>;

/** The admin's new version: the text, and the version the editor started from (409 `terms_outdated` otherwise). */
export const termsBody = z.strictObject({
  text: text({ error: 'Terms are required' }).check(
    z.trim(),
    z.minLength(1, 'Terms are required'),
    z.maxLength(TERMS_LIMITS.text, `Terms must be at most ${TERMS_LIMITS.text.toLocaleString('en-US')} characters`),
    z.refine((value) => !hasControlOrFormatInText(value), 'Terms cannot contain control or formatting characters'),
  ),
  baseVersion: z.number({ error: 'Base version must be a number' }).check(z.int(), z.gte(1)),
});
export type TermsBody = z.infer<typeof termsBody>;

/** The terms as blocks to show: "## " lines are headings, "- " lines list items, other lines paragraphs. */
export type TermsBlock = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };
export function termsBlocks(source: string): TermsBlock[] {
  const blocks: TermsBlock[] = [];
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (line.startsWith('- ')) {
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}
