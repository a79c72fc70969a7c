import { systemPages } from '../../features/system/index.ts';
import { lazyPage } from './lazy-page.ts';

/** Any path no route matches, and manifest routes whose feature page does not exist yet. */
export const NotFoundPage = lazyPage('not-found', systemPages.notFound);
