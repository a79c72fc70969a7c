import { defineOperation } from '../core/operation.ts';
import {
  ZManualList,
  ZManualPage,
  ZManualSearch,
  ZManualSearchQuery,
  ZManualSlugParams,
} from './manual.ts';

const tags = ['manual'];
const staff = 'Signed in staff: superadmins, admins, trainers and hiring managers; never learners';

/** Spec §2 /user-manual: the role-specific help pages, their search and one page at a time. */
export const manualOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/manual/',
    response: ZManualList,
    errors: [401, 403] as const,
    summary: 'The manual pages written for my role, in reading order',
    access: staff,
    tags,
  }),
  search: defineOperation({
    method: 'GET',
    path: '/api/manual/search/',
    query: ZManualSearchQuery,
    response: ZManualSearch,
    errors: [400, 401, 403] as const,
    summary: 'Search my manual pages by title and text: title matches first, with a snippet',
    access: staff,
    tags,
  }),
  page: defineOperation({
    method: 'GET',
    path: '/api/manual/:slug/',
    params: ZManualSlugParams,
    response: ZManualPage,
    errors: [400, 401, 403, 404] as const,
    summary: 'One manual page as sanitised HTML, with its headings for deep links',
    access: staff,
    tags,
  }),
};
