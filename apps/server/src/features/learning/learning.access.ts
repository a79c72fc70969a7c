import { ROLE } from '@atrium/contract';
import { access } from '../../core/auth/access.ts';

/**
 * Route-level rules of the learning routes. Learner-facing calls are open to
 * every signed-in user because the screens that make them are no-perm
 * (spec §2): the course player (/course-module/{id}), /reviewlist and
 * /requests (where managers also approve and reject requests). The
 * object-level rule (can see the course, enrolled, manages it) is checked by
 * each use case.
 *
 * Management calls (FAQs, assignments and their grading, assigning learners
 * and their enrolments) are made only from (perm) screens under the /courses
 * menu entry — /courses/course-faq/{id}, /courses/edit-course/{id},
 * /all_assigned_courses_list/{id} — so they require that entry, as the
 * catalogue's authoring calls do: a user whose /courses entry is switched
 * off cannot manage from the API what the web no longer shows them. Then
 * the use case keeps them to the course's managers (canManage).
 */
export const manageAccess = access.menu('/courses', [ROLE.ADMIN, ROLE.TRAINER]);
