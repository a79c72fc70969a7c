/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { AssignmentsSection } from './components/assignments/assignments-section.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const learningPages = {
  courseDetail: () => import('./pages/course-detail.page.tsx'),
  courseFaq: () => import('./pages/course-faq.page.tsx'),
  coursePlayer: () => import('./pages/course-player.page.tsx'),
  reviewList: () => import('./pages/review-list.page.tsx'),
  courseReviews: () => import('./pages/course-reviews.page.tsx'),
  assignedCourses: () => import('./pages/assigned-courses.page.tsx'),
  unassignedCourses: () => import('./pages/unassigned-courses.page.tsx'),
  courseEnrolments: () => import('./pages/course-enrolments.page.tsx'),
};
