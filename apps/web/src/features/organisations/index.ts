/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export {
  organisationKeys,
  useOrganisation,
  useOrganisationContent,
  useOrganisationLink,
} from './api/organisation-content.api.ts';
export {
  organisationAdminKeys,
  useOrganisationList,
  useOrganisationRecord,
} from './api/organisations.api.ts';
export { structureKeys, useDepartments } from './api/structure.api.ts';
export { PlacementFields } from './components/placement-fields.tsx';
export { type Placement, placementIds } from './placement.ts';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const organisationsPages = {
  organisations: () => import('./pages/organisations.page.tsx'),
  organisationProfile: () => import('./pages/organisation-profile.page.tsx'),
};
