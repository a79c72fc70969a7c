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
  { path: '/hls', guard: 'public', allowSignedIn: true },
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
    '/requests',
    '/notifications',
    '/search',
    '/contactUs',
    '/support',
    '/reviewlist',
    '/messages',
    '/user-manual',
    '/tools-plugins',
    '/admin',
    '/ar-vr-studio',
    '/blogs',
    '/end-meet/:uuid',
    '/course-module/:id',
    '/courses/add-course',
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
  ...[
    '/courses',
    '/courses/all-courses',
    '/courses/course-detail/:id',
    '/courses/edit-course/:id',
    '/courses/edit-course-cate/:id',
    '/courses/course-category-detail',
    '/courses/course-media-detail/:type',
    '/courses/course-faq/:id',
    '/courses/course-review/:id',
    '/courses/admin-all-course-detail',
    '/courses/category_course_list/:id',
    '/courses/module/:id',
  ].map((path) => perm(path)),
  ...[
    '/course/:id',
    '/asssigned_course',
    '/unasssigned_course',
    '/all_assigned_courses_list/:id',
  ].map((path) => perm(path, '/courses')),

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
