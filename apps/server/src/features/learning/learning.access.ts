import { ROLE } from '@atrium/contract';
import { access } from '../../core/auth/access.ts';

/**
 * Route-level rules of the learning routes. Learner-facing calls are open to
 * every signed-in user because the course player (/course-module/{id}) and
 * /reviewlist are no-perm screens (spec §2); the object-level rule (can see
 * the course, enrolled, manages it) is checked by each use case. Management
 * calls are limited to admins and trainers here, and to the course's
 * managers (canManage) in the use case.
 */
export const manageAccess = access.roles(ROLE.ADMIN, ROLE.TRAINER);
