import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { importWithReload } from './import-with-reload.ts';

/**
 * A route page loaded on first visit. `pageId` names the page in the reload bookkeeping of
 * importWithReload, so keep it unique and stable.
 */
export function lazyPage(
  pageId: string,
  importer: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(() => importWithReload(pageId, importer));
}
