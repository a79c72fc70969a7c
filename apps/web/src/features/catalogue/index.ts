/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { courseKeys, useCourseDetail, useRefreshCourses } from './api/courses.api.ts';
export { COURSE_TEXT_KEYS, useCourseTexts } from './api/settings.api.ts';
export { formatMinutes, LEVEL_LABELS, languageName, pageCount } from './catalogue-query.ts';
export { CourseImage } from './components/browse/course-image.tsx';
export { CourseStatusChip } from './components/browse/course-status-chip.tsx';
export { COURSE_MESSAGES } from './course-messages.ts';
/** Not a lazy page: app/pages composes it with learning's assignments section. */
export { EditCoursePage } from './pages/edit-course.page.tsx';

/** Route pages, each imported on its first visit (app/routes.tsx wraps them in lazyPage). */
export const cataloguePages = {
  coursesHome: () => import('./pages/courses.page.tsx'),
  allCourses: () => import('./pages/all-courses.page.tsx'),
  courseCategories: () => import('./pages/course-categories.page.tsx'),
  editCategory: () => import('./pages/edit-category.page.tsx'),
  categoryCourses: () => import('./pages/category-courses.page.tsx'),
  courseAdminDashboard: () => import('./pages/course-admin-dashboard.page.tsx'),
  addCourse: () => import('./pages/add-course.page.tsx'),
  moduleEdit: () => import('./pages/module-edit.page.tsx'),
  courseMedia: () => import('./pages/course-media.page.tsx'),
};
