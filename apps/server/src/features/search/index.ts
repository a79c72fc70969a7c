import type { AppModule } from '../../core/module.ts';
import { searchJobs, searchSubscribers } from './search.indexer.ts';
import { searchMatrix } from './search.matrix.ts';
import { registerSearchRoutes } from './search.routes.ts';

/**
 * Global search (spec §2 /search; issue 23): one index (search_documents) over the kinds the
 * slices provide through their modules' `search` (core/search-provider.ts), kept current by the
 * `search.changed` event and a rebuild at start; each result checked by its own slice's rule.
 */
export const searchModule: AppModule = {
  name: 'search',
  routes: registerSearchRoutes,
  matrix: searchMatrix,
  jobs: searchJobs,
  subscribers: searchSubscribers,
};

// For tests and the demo seed: index everything now, without the queue.
export { reindexAll } from './search.indexer.ts';
