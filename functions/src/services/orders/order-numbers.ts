// Stable integer numbers without a global counter (decision record 0002): an order (and later a refill request) gets a random
// 9-digit number that is also its document id. The candidates are read inside the transaction, so
// two transactions that pick the same free number contend and the loser retries with new ones.
import { randomInt } from 'node:crypto';
import type { CollectionReference, DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { busy } from '../../lib/errors';

export const NUMBER_MIN = 100_000_000;
export const NUMBER_MAX = 999_999_999;

/**
 * Whether `id` can name a numbered document (an order or a refill request). Ids from a URL or a
 * client are checked with it before they reach `.doc()`, which throws on a slash or a reserved id.
 */
export const isNumberedId = (id: string) => /^[0-9]{1,15}$/.test(id);

export function randomNumber(): number {
  return randomInt(NUMBER_MIN, NUMBER_MAX + 1);
}

/** A few random numbered ids of `collection`, to read in a transaction (see firstFree). */
export function numberCandidates(collection: CollectionReference, tries = 4): DocumentReference[] {
  return Array.from({ length: tries }, () => collection.doc(String(randomNumber())));
}

/** The first candidate that does not exist; 503 in the (astronomically unlikely) case none is free. */
export function firstFree(snaps: DocumentSnapshot[]): DocumentReference {
  const free = snaps.find((snap) => !snap.exists);
  if (!free) throw busy();
  return free.ref;
}

/** The first `count` distinct candidates that do not exist (a drip-feed takes two: itself and its first run); 503 if too few are free. */
export function freeRefs(snaps: DocumentSnapshot[], count: number): DocumentReference[] {
  const free = snaps.filter((snap, i) => !snap.exists && snaps.findIndex((other) => other.ref.path === snap.ref.path) === i);
  if (free.length < count) throw busy();
  return free.slice(0, count).map((snap) => snap.ref);
}

/** Reads a few random numbered ids of `collection` and returns the first free one. */
export async function pickFreeNumberedDoc(tx: Transaction, collection: CollectionReference, tries = 4): Promise<DocumentReference> {
  return firstFree(await tx.getAll(...numberCandidates(collection, tries)));
}
