import { ROLE } from '@atrium/contract';
import { lazyPage } from './routing/lazy-page.ts';
import { NotFoundPage } from './routing/not-found-page.ts';
import type { AppRoute } from './routing/route-types.ts';

/*
 * The route manifest: every route of spec §2, once, with its guard. Feature issues add their
 * page to their routes here; a route without a page is still guarded and then shows the
 * not-found page. router.tsx turns this list into React Router routes: public routes stand
 * alone, protected and (perm) routes render inside the app shell (drawer and top bar).
 * Pages are lazily loaded, so each lazyPage id must be unique.
 */

const SignInPage = lazyPage('sign-in', () => import('../features/auth/pages/sign-in.page.tsx'));
const SuperAdminSignInPage = lazyPage(
  'super-admin-sign-in',
  () => import('../features/auth/pages/super-admin-sign-in.page.tsx'),
);
const SignUpPage = lazyPage('sign-up', () => import('../features/auth/pages/sign-up.page.tsx'));
const VerifyEmailPage = lazyPage(
  'verify-email',
  () => import('../features/auth/pages/verify-email.page.tsx'),
);
const PasswordRecoverPage = lazyPage(
  'password-recover',
  () => import('../features/auth/pages/password-recover.page.tsx'),
);
const PasswordResetRequestPage = lazyPage(
  'password-reset-request',
  () => import('../features/auth/pages/password-reset-request.page.tsx'),
);
const PasswordResetOtpPage = lazyPage(
  'password-reset-otp',
  () => import('../features/auth/pages/password-reset-otp.page.tsx'),
);
const PasswordResetConfirmPage = lazyPage(
  'password-reset-confirm',
  () => import('../features/auth/pages/password-reset-confirm.page.tsx'),
);
const SsoCallbackPage = lazyPage(
  'sso-callback',
  () => import('../features/auth/pages/sso-callback.page.tsx'),
);
const SystemStatusPage = lazyPage(
  'system-status',
  () => import('../features/system/pages/system-status.page.tsx'),
);
const DashboardPage = lazyPage(
  'dashboard',
  () => import('../features/dashboard/pages/dashboard.page.tsx'),
);
const UsersPage = lazyPage('users', () => import('../features/users/pages/users.page.tsx'));
const UserImportPage = lazyPage(
  'user-import',
  () => import('../features/users/pages/user-import.page.tsx'),
);
const MyProfilePage = lazyPage(
  'my-profile',
  () => import('../features/profiles/pages/my-profile.page.tsx'),
);
const ProfileByIdPage = lazyPage(
  'profile-by-id',
  () => import('../features/profiles/pages/profile-by-id.page.tsx'),
);
const NewProfilePage = lazyPage(
  'new-profile',
  () => import('../features/profiles/pages/new-profile.page.tsx'),
);
const OrganisationsPage = lazyPage(
  'organisations',
  () => import('../features/organisations/pages/organisations.page.tsx'),
);
const OrganisationProfilePage = lazyPage(
  'organisation-profile',
  () => import('../features/organisations/pages/organisation-profile.page.tsx'),
);
const ThemesPage = lazyPage('themes', () => import('../features/themes/pages/themes.page.tsx'));
const LicencesPage = lazyPage(
  'licences',
  () => import('../features/licences/pages/licences.page.tsx'),
);

const CoursesHomePage = lazyPage(
  'courses-home',
  () => import('../features/catalogue/pages/courses.page.tsx'),
);
const AllCoursesPage = lazyPage(
  'all-courses',
  () => import('../features/catalogue/pages/all-courses.page.tsx'),
);
const CourseDetailPage = lazyPage(
  'course-detail',
  () => import('../features/learning/pages/course-detail.page.tsx'),
);
const CourseCategoriesPage = lazyPage(
  'course-categories',
  () => import('../features/catalogue/pages/course-categories.page.tsx'),
);
const EditCategoryPage = lazyPage(
  'edit-category',
  () => import('../features/catalogue/pages/edit-category.page.tsx'),
);
const CategoryCoursesPage = lazyPage(
  'category-courses',
  () => import('../features/catalogue/pages/category-courses.page.tsx'),
);
const CourseAdminDashboardPage = lazyPage(
  'course-admin-dashboard',
  () => import('../features/catalogue/pages/course-admin-dashboard.page.tsx'),
);
const AddCoursePage = lazyPage(
  'add-course',
  () => import('../features/catalogue/pages/add-course.page.tsx'),
);
const EditCoursePage = lazyPage(
  'edit-course',
  () => import('../features/catalogue/pages/edit-course.page.tsx'),
);
const CourseModuleEditPage = lazyPage(
  'course-module-edit',
  () => import('../features/catalogue/pages/module-edit.page.tsx'),
);
const CourseMediaPage = lazyPage(
  'course-media',
  () => import('../features/catalogue/pages/course-media.page.tsx'),
);
const CourseFaqPage = lazyPage(
  'course-faq',
  () => import('../features/learning/pages/course-faq.page.tsx'),
);
const CoursePlayerPage = lazyPage(
  'course-player',
  () => import('../features/learning/pages/course-player.page.tsx'),
);
const ReviewListPage = lazyPage(
  'review-list',
  () => import('../features/learning/pages/review-list.page.tsx'),
);
const CourseReviewsPage = lazyPage(
  'course-reviews',
  () => import('../features/learning/pages/course-reviews.page.tsx'),
);
const AssignedCoursesPage = lazyPage(
  'assigned-courses',
  () => import('../features/learning/pages/assigned-courses.page.tsx'),
);
const UnassignedCoursesPage = lazyPage(
  'unassigned-courses',
  () => import('../features/learning/pages/unassigned-courses.page.tsx'),
);
const CourseEnrolmentsPage = lazyPage(
  'course-enrolments',
  () => import('../features/learning/pages/course-enrolments.page.tsx'),
);
const EnrolmentRequestsPage = lazyPage(
  'enrolment-requests',
  () => import('../features/learning/pages/requests.page.tsx'),
);

const HlsPage = lazyPage('hls', () => import('../features/content-player/pages/hls.page.tsx'));

/** Needs a token (spec §2 "no permission needed"). */
const signedIn = (path: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  guard: 'protected',
  ...extra,
});
/** Needs a token and the menu base path; `permPath` when it is not the route's first segment. */
const perm = (path: string, permPath?: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  guard: 'perm',
  ...(permPath ? { permPath } : {}),
  ...extra,
});

export const appRoutes: readonly AppRoute[] = [
  // Public (spec §2): a visitor holding a token is sent to /dashboard.
  { path: '/', guard: 'public', Page: SignInPage, title: 'Sign in' },
  { path: '/login', guard: 'public', Page: SignInPage, title: 'Sign in' },
  { path: '/sa', guard: 'public', Page: SuperAdminSignInPage, title: 'Super admin sign in' },
  { path: '/signup', guard: 'public', Page: SignUpPage, title: 'Create an account' },
  {
    path: '/verify-email/:uid/:token',
    guard: 'public',
    Page: VerifyEmailPage,
    title: 'Confirm e-mail',
  },
  {
    path: '/password/reset/confirm/:uid/:token',
    guard: 'public',
    Page: PasswordResetConfirmPage,
    title: 'Choose a new password',
  },
  {
    path: '/password/reset/',
    guard: 'public',
    Page: PasswordResetRequestPage,
    title: 'Reset password',
  },
  {
    path: '/password/reset/Otp/',
    guard: 'public',
    Page: PasswordResetOtpPage,
    title: 'Reset with a code',
  },
  {
    path: '/password/recover',
    guard: 'public',
    Page: PasswordRecoverPage,
    title: 'Trouble signing in',
  },
  { path: '/sso/callback', guard: 'public', Page: SsoCallbackPage, title: 'Single sign-on' },
  // Open to everyone, signed in or not.
  { path: '/hls', guard: 'public', allowSignedIn: true, Page: HlsPage, title: 'Video' },
  {
    path: '/status',
    guard: 'public',
    allowSignedIn: true,
    Page: SystemStatusPage,
    title: 'System status',
  },

  // Protected, no menu permission needed.
  signedIn('/dashboard', { Page: DashboardPage, title: 'Dashboard' }),
  // Spec §6: licences are for role 1 only.
  signedIn('/licenses', { Page: LicencesPage, title: 'Licences', roles: [ROLE.SUPERADMIN] }),
  signedIn('/myprofile', { Page: MyProfilePage, title: 'My profile' }),
  signedIn('/newProfile', { Page: NewProfilePage, title: 'Complete your profile' }),
  signedIn('/profile_by_id/:id', { Page: ProfileByIdPage, title: 'Profile' }),
  // Open to every signed-in user (spec §2); the pages say when the work needs an admin.
  signedIn('/themes', { Page: ThemesPage, title: 'Theme' }),
  signedIn('/user-import', { Page: UserImportPage, title: 'Import users' }),
  ...[
    '/certificate',
    '/feedback',
    '/notifications',
    '/search',
    '/contactUs',
    '/support',
    '/messages',
    '/user-manual',
    '/tools-plugins',
    '/admin',
    '/ar-vr-studio',
    '/blogs',
    '/end-meet/:uuid',
    '/leaderboard',
    '/leaderboard/:id',
  ].map((path) => signedIn(path)),

  // (perm): the menu base path must be permitted.
  perm('/settings', undefined, { Page: UsersPage, title: 'Users' }),
  perm('/organization', undefined, { Page: OrganisationsPage, title: 'Organisations' }),
  perm('/organization/profile/:id', undefined, {
    Page: OrganisationProfilePage,
    title: 'Organisation',
  }),
  ...['/socialwall', '/plagiarism'].map((path) => perm(path)),
  ...['/calendar', '/cpd', '/competency', '/reports'].map((path) => perm(path)),
  // Their first segment is no menu entry: the menu entry they belong to is checked instead.
  perm('/cpd-view/:uid', '/cpd'),
  perm('/download-report/:id', '/reports'),
  ...['/learning-path', '/learning-path/:id', '/learning-path/learner/learning-path/:id'].map(
    (path) => perm(path),
  ),
  // Courses (issue 6): the (perm) routes of spec §2 check the /courses menu entry.
  perm('/courses', undefined, { Page: CoursesHomePage, title: 'Courses' }),
  perm('/courses/all-courses', undefined, { Page: AllCoursesPage, title: 'All courses' }),
  perm('/courses/course-detail/:id', undefined, { Page: CourseDetailPage, title: 'Course' }),
  perm('/courses/edit-course/:id', undefined, { Page: EditCoursePage, title: 'Edit course' }),
  perm('/courses/edit-course-cate/:id', undefined, {
    Page: EditCategoryPage,
    title: 'Edit category',
  }),
  perm('/courses/course-category-detail', undefined, {
    Page: CourseCategoriesPage,
    title: 'Course categories',
  }),
  perm('/courses/course-media-detail/:type', undefined, {
    Page: CourseMediaPage,
    title: 'File repository',
  }),
  perm('/courses/course-faq/:id', undefined, { Page: CourseFaqPage, title: 'Course FAQs' }),
  perm('/courses/course-review/:id', undefined, {
    Page: CourseReviewsPage,
    title: 'Course reviews',
  }),
  perm('/courses/admin-all-course-detail', undefined, {
    Page: CourseAdminDashboardPage,
    title: 'Course overview',
  }),
  perm('/courses/category_course_list/:id', undefined, {
    Page: CategoryCoursesPage,
    title: 'Category courses',
  }),
  perm('/courses/module/:id', undefined, { Page: CourseModuleEditPage, title: 'Module' }),
  perm('/course/:id', '/courses', { Page: CourseDetailPage, title: 'Course' }),
  perm('/asssigned_course', '/courses', { Page: AssignedCoursesPage, title: 'Assigned courses' }),
  perm('/unasssigned_course', '/courses', {
    Page: UnassignedCoursesPage,
    title: 'Unassigned courses',
  }),
  perm('/all_assigned_courses_list/:id', '/courses', {
    Page: CourseEnrolmentsPage,
    title: 'Enrolled learners',
  }),
  // Without the menu permission (spec §2).
  signedIn('/course-module/:id', { Page: CoursePlayerPage, title: 'Course' }),
  signedIn('/courses/add-course', { Page: AddCoursePage, title: 'Add course' }),
  signedIn('/reviewlist', { Page: ReviewListPage, title: 'My reviews' }),
  signedIn('/requests', { Page: EnrolmentRequestsPage, title: 'Requests' }),

  // Assessment: only the list is (perm).
  perm('/assessment'),
  ...[
    '/assessment/start',
    '/assessment/:uuid',
    '/assessment/results/:id',
    '/assessment/result/:id',
    '/assessment/review',
    '/assessment/edit-assessment/:id',
    '/assessment/attendees-list/:id',
    '/assessment/question-bank',
    '/assessment/:id/proctor/',
    '/assessment/:id/proctor-view-card/:groupId',
    '/assessment/:id/proctor-view-card/:groupId/:evidence',
    '/assessment/proctor-view-old',
  ].map((path) => signedIn(path)),

  ...['/announcements', '/announcements/:id/', '/discussions', '/discussions/:id'].map((path) =>
    perm(path),
  ),

  // Classroom: only the entry page is (perm).
  perm('/classroom'),
  ...[
    '/classroom/classes',
    '/classroom/classes/edit',
    '/classroom/add-session',
    '/classroom/attendees/:id',
  ].map((path) => signedIn(path)),

  // Any other path (spec §2). React Router ranks '*' last whatever its position.
  { path: '*', guard: 'public', allowSignedIn: true, Page: NotFoundPage, title: 'Page not found' },
];
