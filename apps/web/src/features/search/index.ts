/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/**
 * Global search (issue 23): the top bar's box with the Ctrl-K / "/" command palette, and
 * `/search`, every kind's results with pages of one kind.
 */
export { SearchBox } from './components/search-box.tsx';

export const searchPages = {
  search: () => import('./pages/search.page.tsx'),
};
