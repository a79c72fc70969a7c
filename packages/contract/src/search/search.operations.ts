import { defineOperation } from '../core/operation.ts';
import {
  ZSearchKindParams,
  ZSearchKindQuery,
  ZSearchKinds,
  ZSearchOverview,
  ZSearchPage,
  ZSearchQuery,
} from './search.ts';

const tags = ['search'];
const anyone = 'Signed in (only items the caller may open are found)';

/** Spec §2 /search: the top bar's box, the Ctrl-K palette and the /search page. */
export const searchOps = {
  overview: defineOperation({
    method: 'GET',
    path: '/api/search/',
    query: ZSearchQuery,
    response: ZSearchOverview,
    errors: [400, 401] as const,
    summary:
      'Search everything the caller may open: the best results of each kind, best group first (title matches rank above body matches; misspelt words still match)',
    access: anyone,
    tags,
  }),
  byKind: defineOperation({
    method: 'GET',
    path: '/api/search/kind/:kind/',
    params: ZSearchKindParams,
    query: ZSearchKindQuery,
    response: ZSearchPage,
    errors: [400, 401, 404, 503] as const,
    summary: 'Search one kind, a page at a time, best first (503 when its slice cannot answer)',
    access: anyone,
    tags,
  }),
  kinds: defineOperation({
    method: 'GET',
    path: '/api/search/kinds/',
    response: ZSearchKinds,
    errors: [401] as const,
    summary: 'The kinds the caller may search, with their labels',
    access: anyone,
    tags,
  }),
};
