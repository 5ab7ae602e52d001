// The statement's filters live in the URL: a filtered statement survives a reload and can be linked.
import { useSearchParams } from 'react-router-dom';
import { isStatementType, type StatementFilter } from '@/features/statement/api/get-statement';
import { dayParam } from '@/lib/day-ranges';

export function readStatementFilter(params: URLSearchParams): StatementFilter {
  const type = params.get('type');
  return { from: dayParam(params.get('from')), to: dayParam(params.get('to')), type: isStatementType(type) ? type : undefined };
}

export function writeStatementFilter(filter: StatementFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.type) params.set('type', filter.type);
  return params;
}

export function useStatementFilter() {
  const [params, setParams] = useSearchParams();
  const filter = readStatementFilter(params);
  return [filter, (next: StatementFilter) => setParams(writeStatementFilter(next))] as const;
}
