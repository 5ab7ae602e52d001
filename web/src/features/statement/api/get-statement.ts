import { STATEMENT_TYPES } from '@shared/reports';
import { ledgerEntrySchema } from '@shared/schemas/money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { apiDownload, saveBlob } from '@/lib/download';

export type StatementType = (typeof STATEMENT_TYPES)[number];

/** The statement's filters: Pakistan days (both included) and one kind of entry; each optional. */
export interface StatementFilter {
  from?: string | undefined;
  to?: string | undefined;
  type?: StatementType | undefined;
}

export const statementAnswer = z.object({ entries: z.array(ledgerEntrySchema), nextCursor: z.nullable(z.string()) });

export const statementKey = ['statement'] as const;
const PAGE = 50;

export function getStatement(filter: StatementFilter, cursor?: string, signal?: AbortSignal) {
  return api.get('/ledger', statementAnswer, { params: { ...filter, limit: PAGE, cursor }, signal });
}

/** The signed-in customer's ledger, newest first, a page at a time (Load more follows the cursor). */
export function useStatement(filter: StatementFilter) {
  const query = useInfiniteQuery({
    queryKey: [...statementKey, filter],
    queryFn: ({ pageParam, signal }) => getStatement(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.entries) ?? [], [query.data]);
  return Object.assign(query, { entries });
}

/** `statement-2026-11-01-to-2026-11-30-refund.csv`: the filters it was made with. */
export function statementFilename(filter: StatementFilter): string {
  const parts = ['statement', filter.from ? `from-${filter.from}` : '', filter.to ? `to-${filter.to}` : '', filter.type ?? ''];
  return `${parts.filter(Boolean).join('-')}.csv`;
}

/**
 * The filtered statement as a CSV file, fetched with the customer's token and saved under the server's
 * name, which says the days it holds (without a start day, the year up to the end day).
 */
export async function downloadStatement(filter: StatementFilter): Promise<void> {
  const { blob, filename } = await apiDownload('/ledger.csv', { params: { ...filter } });
  saveBlob(blob, filename ?? statementFilename(filter));
}

export const isStatementType = (value: string | null | undefined): value is StatementType =>
  STATEMENT_TYPES.includes(value as StatementType);
