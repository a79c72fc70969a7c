import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** DRF-style page query: `page` from 1, `page_size` bounded by MAX_PAGE_SIZE. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** DRF-style page of results (spec §3 list responses). */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
    /**
     * True when counting stopped at COUNT_CAP: there are more than `count` results. Lists
     * that big are searched, not paged through, and an exact count would cost every request.
     */
    count_capped: z.boolean().optional(),
  });
}

/** Lists count exactly up to this many results, then report `count_capped`. */
export const COUNT_CAP = 10_000;
export type TPage<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
  count_capped?: boolean;
};
