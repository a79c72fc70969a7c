/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const approvalsPages = {
  requests: () => import('./pages/requests.page.tsx'),
};

/** The approver's bar over an item opened in request-flow mode (`?requestflow=<id>`). */
export { RequestFlowBar } from './components/request-flow/request-flow-bar.tsx';
