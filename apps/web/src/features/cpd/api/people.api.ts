import { userOps } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { CPD_MESSAGES } from '../labels.ts';

/**
 * The organisation's users for the People tab, through the users' own list operation
 * (get-users/, the one the user administration pages through), sorted by name.
 */
export function useCpdPeople({
  search,
  page,
  pageSize,
}: {
  search: string;
  /** 0-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
}) {
  const trimmed = search.trim();
  const query = {
    search: trimmed === '' ? undefined : trimmed,
    ordering: 'name' as const,
    page: page + 1,
    page_size: pageSize,
  };
  return useQuery({
    queryKey: ['cpd-people', query],
    queryFn: ({ signal }) => call(userOps.list, { query, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CPD_MESSAGES.usersFailed },
  });
}
