import type { TPage } from '@atrium/contract';

/**
 * TablePagination props for a DRF page. Past the server's count cap the total is unknown
 * (`count_capped`): the label says "more than N" and Next follows the server's `next` link
 * instead of a computed last page.
 */
export function pageCountProps(
  page: Pick<TPage<unknown>, 'count' | 'next' | 'count_capped'> | undefined,
) {
  if (!page?.count_capped) return { count: page?.count ?? 0 };
  const cap = page.count.toLocaleString();
  return {
    count: -1,
    labelDisplayedRows: ({ from, to }: { from: number; to: number }) =>
      `${from.toLocaleString()}–${to.toLocaleString()} of more than ${cap}`,
    slotProps: { actions: { nextButton: { disabled: page.next === null } } },
  };
}
