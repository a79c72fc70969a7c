import { ZIdParams } from '../core/ids.ts';
import { defineOperation, form } from '../core/operation.ts';
import {
  ZBadge,
  ZBadgeAward,
  ZBadgeAwardPage,
  ZBadgeAwardQuery,
  ZBadgeCreate,
  ZBadgeGallery,
  ZBadgeListQuery,
  ZBadgeManualAward,
  ZBadgeManualAwardResult,
  ZBadgePage,
  ZBadgeRevoke,
  ZBadgeUpdate,
} from './badges.ts';

const tags = ['gamification'];
const errors = [400, 401] as const;
const members = 'Signed in (every member of the organisation)';
const admins = "The organisation's admins (and superadmins)";

/** Spec §7 Gamification, badges: add-badge, update-badge/{id}, user-badge-list, and awards. */
export const badgeOps = {
  list: defineOperation({
    method: 'GET',
    path: '/api/gamification/add-badge/',
    query: ZBadgeListQuery,
    response: ZBadgePage,
    errors,
    summary: "The organisation's badges with how many hold each (inactive ones: admins only)",
    access: members,
    tags,
  }),
  create: defineOperation({
    method: 'POST',
    path: '/api/gamification/add-badge/',
    body: form(ZBadgeCreate),
    response: ZBadge,
    status: 201,
    errors: [...errors, 403, 409, 413, 415],
    summary:
      'Add a badge (multipart: the fields, `criteria` as JSON, and an `image` PNG, JPEG or WebP); people who already meet it are awarded by a job',
    access: admins,
    tags,
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/api/gamification/update-badge/:id/',
    params: ZIdParams,
    body: form(ZBadgeUpdate),
    response: ZBadge,
    errors: [...errors, 403, 404, 409, 413, 415],
    summary: 'Change a badge (JSON, or multipart with a new `image`); awards already made stay',
    access: admins,
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/gamification/update-badge/:id/',
    params: ZIdParams,
    response: null,
    errors: [...errors, 403, 404],
    summary: 'Delete a badge and its awards',
    access: admins,
    tags,
  }),
  award: defineOperation({
    method: 'POST',
    path: '/api/gamification/update-badge/:id/award/',
    params: ZIdParams,
    body: ZBadgeManualAward,
    response: ZBadgeManualAwardResult,
    errors: [...errors, 403, 404, 429],
    summary: 'Award a badge by hand to members of its organisation (each once)',
    access: admins,
    tags,
  }),
  awards: defineOperation({
    method: 'GET',
    path: '/api/gamification/user-badge-list/',
    query: ZBadgeAwardQuery,
    response: ZBadgeAwardPage,
    errors: [...errors, 404],
    summary:
      'Badges awarded in the organisation, newest first (opted-out people anonymous to other members)',
    access: `${members}; org_id of another organisation for superadmins only`,
    tags,
  }),
  revoke: defineOperation({
    method: 'POST',
    path: '/api/gamification/user-badge-list/:id/revoke/',
    params: ZIdParams,
    body: ZBadgeRevoke,
    response: ZBadgeAward,
    errors: [...errors, 403, 404, 409],
    summary: 'Revoke an award, with the reason (never awarded again automatically)',
    access: admins,
    tags,
  }),
  gallery: defineOperation({
    method: 'GET',
    path: '/api/gamification/user-badges/:id/',
    params: ZIdParams,
    response: ZBadgeGallery,
    errors: [...errors, 404],
    summary: "One person's badges: the organisation's active badges, earned or not yet",
    access: 'The person themself, or admins of their organisation',
    tags,
  }),
};
