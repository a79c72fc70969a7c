import { ROLE, UNSUBSCRIBE_PAGE } from '@atrium/contract';
import { adminPages } from '../features/admin/index.ts';
import { announcementsPages } from '../features/announcements/index.ts';
import { approvalsPages } from '../features/approvals/index.ts';
import { assessmentsPages } from '../features/assessments/index.ts';
import { authPages } from '../features/auth/index.ts';
import { blogsPages } from '../features/blogs/index.ts';
import { calendarPages } from '../features/calendar/index.ts';
import { cataloguePages } from '../features/catalogue/index.ts';
import { certificatesPages } from '../features/certificates/index.ts';
import { classroomsPages } from '../features/classrooms/index.ts';
import { competenciesPages } from '../features/competencies/index.ts';
import { contentPlayerPages } from '../features/content-player/index.ts';
import { cpdPages } from '../features/cpd/index.ts';
import { dashboardPages } from '../features/dashboard/index.ts';
import { discussionsPages } from '../features/discussions/index.ts';
import { gamificationPages } from '../features/gamification/index.ts';
import { learningPages } from '../features/learning/index.ts';
import { learningPathsPages } from '../features/learning-paths/index.ts';
import { licencesPages } from '../features/licences/index.ts';
import { manualPages } from '../features/manual/index.ts';
import { messagesPages } from '../features/messages/index.ts';
import { moderationPages } from '../features/moderation/index.ts';
import { notificationsPages } from '../features/notifications/index.ts';
import { organisationsPages } from '../features/organisations/index.ts';
import { plagiarismPages } from '../features/plagiarism/index.ts';
import { proctoringPages } from '../features/proctoring/index.ts';
import { profilesPages } from '../features/profiles/index.ts';
import { reportsPages } from '../features/reports/index.ts';
import { searchPages } from '../features/search/index.ts';
import { supportPages } from '../features/support/index.ts';
import { systemPages } from '../features/system/index.ts';
import { themesPages } from '../features/themes/index.ts';
import { toolsPages } from '../features/tools/index.ts';
import { unsubscribePages } from '../features/unsubscribe/index.ts';
import { usersPages } from '../features/users/index.ts';
import { wallPages } from '../features/wall/index.ts';
import { xrPages } from '../features/xr/index.ts';
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

const SignInPage = lazyPage('sign-in', authPages.signIn);
const SuperAdminSignInPage = lazyPage('super-admin-sign-in', authPages.superAdminSignIn);
const SignUpPage = lazyPage('sign-up', authPages.signUp);
const VerifyEmailPage = lazyPage('verify-email', authPages.verifyEmail);
const PasswordRecoverPage = lazyPage('password-recover', authPages.passwordRecover);
const PasswordResetRequestPage = lazyPage('password-reset-request', authPages.passwordResetRequest);
const PasswordResetOtpPage = lazyPage('password-reset-otp', authPages.passwordResetOtp);
const PasswordResetConfirmPage = lazyPage('password-reset-confirm', authPages.passwordResetConfirm);
const SsoCallbackPage = lazyPage('sso-callback', authPages.ssoCallback);
const SystemStatusPage = lazyPage('system-status', systemPages.systemStatus);
const AdminPage = lazyPage('admin', adminPages.admin);
const ArVrStudioPage = lazyPage('ar-vr-studio', xrPages.studio);
const ContactPage = lazyPage('contact', supportPages.contact);
const FeedbackPage = lazyPage('feedback', supportPages.feedback);
const SupportPage = lazyPage('support', supportPages.support);
const TicketPage = lazyPage('support-ticket', supportPages.ticket);
const PlagiarismPage = lazyPage('plagiarism', plagiarismPages.checks);
const PlagiarismCheckPage = lazyPage('plagiarism-check', plagiarismPages.check);
const ToolsPluginsPage = lazyPage('tools-plugins', toolsPages.toolsPlugins);
const DashboardPage = lazyPage('dashboard', dashboardPages.dashboard);
const UsersPage = lazyPage('users', usersPages.users);
const UserImportPage = lazyPage('user-import', usersPages.userImport);
const MyProfilePage = lazyPage('my-profile', profilesPages.myProfile);
const ProfileByIdPage = lazyPage('profile-by-id', profilesPages.profileById);
const NewProfilePage = lazyPage('new-profile', profilesPages.newProfile);
const OrganisationsPage = lazyPage('organisations', organisationsPages.organisations);
const OrganisationProfilePage = lazyPage(
  'organisation-profile',
  organisationsPages.organisationProfile,
);
const ThemesPage = lazyPage('themes', themesPages.themes);
const LicencesPage = lazyPage('licences', licencesPages.licences);
const NotificationsPage = lazyPage('notifications', notificationsPages.notifications);
const UnsubscribePage = lazyPage('unsubscribe', unsubscribePages.unsubscribe);
const LeaderboardPage = lazyPage('leaderboard', gamificationPages.leaderboard);
const LeaderboardPersonPage = lazyPage('leaderboard-person', gamificationPages.person);

const CoursesHomePage = lazyPage('courses-home', cataloguePages.coursesHome);
const AllCoursesPage = lazyPage('all-courses', cataloguePages.allCourses);
const CourseDetailPage = lazyPage('course-detail', learningPages.courseDetail);
const CourseCategoriesPage = lazyPage('course-categories', cataloguePages.courseCategories);
const EditCategoryPage = lazyPage('edit-category', cataloguePages.editCategory);
const CategoryCoursesPage = lazyPage('category-courses', cataloguePages.categoryCourses);
const CourseAdminDashboardPage = lazyPage(
  'course-admin-dashboard',
  cataloguePages.courseAdminDashboard,
);
const AddCoursePage = lazyPage('add-course', cataloguePages.addCourse);
const EditCoursePage = lazyPage('edit-course', () => import('./pages/edit-course.page.tsx'));
const CourseModuleEditPage = lazyPage('course-module-edit', cataloguePages.moduleEdit);
const CourseMediaPage = lazyPage('course-media', cataloguePages.courseMedia);
const CourseFaqPage = lazyPage('course-faq', learningPages.courseFaq);
const CoursePlayerPage = lazyPage('course-player', learningPages.coursePlayer);
const ReviewListPage = lazyPage('review-list', learningPages.reviewList);
const CourseReviewsPage = lazyPage('course-reviews', learningPages.courseReviews);
const AssignedCoursesPage = lazyPage('assigned-courses', learningPages.assignedCourses);
const UnassignedCoursesPage = lazyPage('unassigned-courses', learningPages.unassignedCourses);
const CourseEnrolmentsPage = lazyPage('course-enrolments', learningPages.courseEnrolments);

const LearningPathsPage = lazyPage('learning-paths', learningPathsPages.learningPaths);
const LearningPathEditorPage = lazyPage('learning-path-editor', learningPathsPages.pathEditor);
const LearnerPathPage = lazyPage('learner-path', learningPathsPages.learnerPath);

const AssessmentsPage = lazyPage('assessments', assessmentsPages.assessments);
const AssessmentEditorPage = lazyPage('assessment-editor', assessmentsPages.assessmentEditor);
const AssessmentAttendeesPage = lazyPage('assessment-attendees', assessmentsPages.attendees);
const QuestionBankPage = lazyPage('question-bank', assessmentsPages.questionBank);
const GradingQueuePage = lazyPage('grading-queue', assessmentsPages.gradingQueue);
const MyAssessmentsPage = lazyPage('my-assessments', assessmentsPages.myAssessments);
const TakeAssessmentPage = lazyPage('take-assessment', assessmentsPages.takeAssessment);
const MyAssessmentResultsPage = lazyPage('my-assessment-results', assessmentsPages.myResults);
const AttemptResultPage = lazyPage('attempt-result', assessmentsPages.attemptResult);

const ProctorGridPage = lazyPage('proctor-grid', proctoringPages.grid);
const ProctorGroupPage = lazyPage('proctor-group', proctoringPages.group);
const ProctorEvidencePage = lazyPage('proctor-evidence', proctoringPages.evidence);
const ProctoredAssessmentsPage = lazyPage('proctored-assessments', proctoringPages.assessments);

const ClassroomHomePage = lazyPage('classroom-home', classroomsPages.home);
const ClassroomClassesPage = lazyPage('classroom-classes', classroomsPages.classes);
const ClassEditorPage = lazyPage('classroom-class-editor', classroomsPages.classEditor);
const AddSessionPage = lazyPage('classroom-add-session', classroomsPages.addSession);
const SessionAttendeesPage = lazyPage('classroom-attendees', classroomsPages.attendees);
const EndMeetPage = lazyPage('end-meet', classroomsPages.endMeet);
const CalendarPage = lazyPage('calendar', calendarPages.calendar);
const AnnouncementsPage = lazyPage('announcements', announcementsPages.list);
const AnnouncementPage = lazyPage('announcement', announcementsPages.detail);
const DiscussionsPage = lazyPage('discussions', discussionsPages.list);
const DiscussionPage = lazyPage('discussion', discussionsPages.detail);
const ForumsPage = lazyPage('forums', discussionsPages.forums);
const ForumPage = lazyPage('forum', discussionsPages.forum);
const CompetencyPage = lazyPage('competency', competenciesPages.competency);
const CpdPage = lazyPage('cpd', cpdPages.cpd);
const CpdViewPage = lazyPage('cpd-view', cpdPages.view);
const ReportsPage = lazyPage('reports', reportsPages.reports);
const DownloadReportPage = lazyPage('download-report', reportsPages.downloadReport);
const ReportDownloadsPage = lazyPage('report-downloads', reportsPages.downloads);
const ReportSchedulesPage = lazyPage('report-schedules', reportsPages.schedules);
const CustomReportsPage = lazyPage('custom-reports', reportsPages.customReports);
const CustomReportPage = lazyPage('custom-report', reportsPages.customReport);

const RequestsPage = lazyPage('requests', approvalsPages.requests);
const HlsPage = lazyPage('hls', contentPlayerPages.hls);
const MessagesPage = lazyPage('messages', messagesPages.messages);
const WallPage = lazyPage('wall', wallPages.feed);
const WallPostPage = lazyPage('wall-post', wallPages.post);
const ModerationPage = lazyPage('moderation', moderationPages.queue);
const BlogsPage = lazyPage('blogs', blogsPages.list);
const BlogPostPage = lazyPage('blog-post', blogsPages.post);
const BlogEditorPage = lazyPage('blog-editor', blogsPages.editor);
const CertificatesPage = lazyPage('certificates', certificatesPages.list);
const VerifyCertificatePage = lazyPage('verify-certificate', certificatesPages.verify);
const UserManualPage = lazyPage('user-manual', manualPages.manual);
const SearchPage = lazyPage('search', searchPages.search);

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
  // A notification mail's link (UNSUBSCRIBE_PAGE): whoever reads the mail, on any device.
  {
    path: UNSUBSCRIBE_PAGE,
    guard: 'public',
    allowSignedIn: true,
    Page: UnsubscribePage,
    title: 'E-mail notifications',
  },
  { path: '/hls', guard: 'public', allowSignedIn: true, Page: HlsPage, title: 'Video' },
  // A certificate's public verification (its QR code and share link point here).
  {
    path: '/verify/:code',
    guard: 'public',
    allowSignedIn: true,
    Page: VerifyCertificatePage,
    title: 'Certificate verification',
  },
  {
    path: '/status',
    guard: 'public',
    allowSignedIn: true,
    Page: SystemStatusPage,
    title: 'System status',
  },
  // Support (issue 23): a signed-out visitor can write too (how do I get an account?).
  {
    path: '/contactUs',
    guard: 'public',
    allowSignedIn: true,
    Page: ContactPage,
    title: 'Contact us',
  },

  // Protected, no menu permission needed.
  signedIn('/dashboard', { Page: DashboardPage, title: 'Dashboard' }),
  // Spec §6: licences are for role 1 only.
  signedIn('/licenses', { Page: LicencesPage, title: 'Licences', roles: [ROLE.SUPERADMIN] }),
  signedIn('/myprofile', { Page: MyProfilePage, title: 'My profile' }),
  signedIn('/messages', { Page: MessagesPage, title: 'Messages' }),
  signedIn('/notifications', { Page: NotificationsPage, title: 'Notifications' }),
  // Blogs (issue 20): every member reads; who writes and edits is the server's rule per post.
  signedIn('/blogs', { Page: BlogsPage, title: 'Blogs' }),
  signedIn('/blogs/new', { Page: BlogEditorPage, title: 'New post' }),
  signedIn('/blogs/:id', { Page: BlogPostPage, title: 'Blog post' }),
  signedIn('/blogs/:id/edit', { Page: BlogEditorPage, title: 'Edit post' }),
  signedIn('/newProfile', { Page: NewProfilePage, title: 'Complete your profile' }),
  signedIn('/profile_by_id/:id', { Page: ProfileByIdPage, title: 'Profile' }),
  // Open to every signed-in user (spec §2); the pages say when the work needs an admin.
  signedIn('/themes', { Page: ThemesPage, title: 'Theme' }),
  signedIn('/user-import', { Page: UserImportPage, title: 'Import users' }),
  // Certificates (issue 21): learners their own, admins the organisation's and the templates.
  signedIn('/certificate', { Page: CertificatesPage, title: 'Certificates' }),
  // The user manual (issue 23): staff only; the page itself refuses learners (the server too).
  signedIn('/user-manual', { Page: UserManualPage, title: 'User manual' }),
  signedIn('/user-manual/:slug', { Page: UserManualPage, title: 'User manual' }),
  // Feedback (issue 23): every member rates; admins also list and export.
  signedIn('/feedback', { Page: FeedbackPage, title: 'Feedback' }),
  // Search (issue 23).
  signedIn('/search', { Page: SearchPage, title: 'Search' }),
  // Support tickets and the learner guide (issue 23).
  signedIn('/support', { Page: SupportPage, title: 'Support' }),
  signedIn('/support/tickets/:id', { Page: TicketPage, title: 'Support ticket' }),
  // The superadmin console (issue 23).
  signedIn('/admin', { Page: AdminPage, title: 'Admin console', roles: [ROLE.SUPERADMIN] }),
  // Issue 24.
  signedIn('/tools-plugins', { Page: ToolsPluginsPage, title: 'Tools & Plugins' }),
  signedIn('/ar-vr-studio', { Page: ArVrStudioPage, title: 'AR/VR studio' }),
  // Gamification (issue 21): every member's board and their own points; no menu permission.
  signedIn('/leaderboard', { Page: LeaderboardPage, title: 'Leaderboard' }),
  signedIn('/leaderboard/:id', { Page: LeaderboardPersonPage, title: 'Points' }),

  // (perm): the menu base path must be permitted.
  perm('/settings', undefined, { Page: UsersPage, title: 'Users' }),
  perm('/organization', undefined, { Page: OrganisationsPage, title: 'Organisations' }),
  perm('/organization/profile/:id', undefined, {
    Page: OrganisationProfilePage,
    title: 'Organisation',
  }),
  // The social wall (issue 20): both check the /socialwall menu entry (Communications).
  perm('/socialwall', undefined, { Page: WallPage, title: 'Social wall' }),
  // Moderation (issue 20): the server lets the organisation's admins only.
  perm('/socialwall/moderation', '/socialwall', { Page: ModerationPage, title: 'Moderation' }),
  perm('/socialwall/:id', '/socialwall', { Page: WallPostPage, title: 'Wall post' }),
  // Plagiarism (issue 24): the server lets the courses' managers only.
  perm('/plagiarism', undefined, { Page: PlagiarismPage, title: 'Plagiarism' }),
  perm('/plagiarism/:id', '/plagiarism', { Page: PlagiarismCheckPage, title: 'Similarity check' }),
  // Competencies (issue 21): the Organization menu's Competency entry (everyone's by default).
  perm('/competency', undefined, { Page: CompetencyPage, title: 'Competencies' }),
  // Reports (issue 22): the spec's widgets, scoped by the server to what the caller may see.
  perm('/reports', undefined, { Page: ReportsPage, title: 'Reports' }),
  // Events, CPD and the calendar (issue 19): /cpd is the Event Engine entry and the CPD ledger.
  perm('/calendar', undefined, { Page: CalendarPage, title: 'Calendar' }),
  perm('/cpd', undefined, { Page: CpdPage, title: 'CPD and events' }),
  // Their first segment is no menu entry: the menu entry they belong to is checked instead.
  perm('/cpd-view/:uid', '/cpd', { Page: CpdViewPage, title: 'CPD ledger' }),
  perm('/download-report/:id', '/reports', { Page: DownloadReportPage, title: 'Download report' }),
  perm('/reports/downloads', '/reports', { Page: ReportDownloadsPage, title: 'My downloads' }),
  perm('/reports/schedules', '/reports', { Page: ReportSchedulesPage, title: 'Scheduled reports' }),
  perm('/reports/custom', '/reports', { Page: CustomReportsPage, title: 'Custom reports' }),
  perm('/reports/custom/new', '/reports', { Page: CustomReportPage, title: 'New custom report' }),
  perm('/reports/custom/:id', '/reports', { Page: CustomReportPage, title: 'Custom report' }),
  // Learning paths (issue 15): all three check the /learning-path menu entry.
  perm('/learning-path', undefined, { Page: LearningPathsPage, title: 'Learning paths' }),
  perm('/learning-path/:id', undefined, {
    Page: LearningPathEditorPage,
    title: 'Learning path',
  }),
  perm('/learning-path/learner/learning-path/:id', undefined, {
    Page: LearnerPathPage,
    title: 'Learning path',
  }),
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
  signedIn('/requests', { Page: RequestsPage, title: 'Requests' }),

  // Assessment (issue 16): only the list is (perm); the start page has the simplified layout.
  perm('/assessment', undefined, { Page: AssessmentsPage, title: 'Assessments' }),
  signedIn('/assessment/start', { Page: MyAssessmentsPage, title: 'My assessments' }),
  signedIn('/assessment/:uuid', {
    Page: TakeAssessmentPage,
    title: 'Assessment',
    layout: 'simplified',
  }),
  signedIn('/assessment/results/:id', { Page: MyAssessmentResultsPage, title: 'My results' }),
  signedIn('/assessment/result/:id', { Page: AttemptResultPage, title: 'Result' }),
  signedIn('/assessment/review', { Page: GradingQueuePage, title: 'Grading' }),
  signedIn('/assessment/edit-assessment/:id', {
    Page: AssessmentEditorPage,
    title: 'Edit assessment',
  }),
  signedIn('/assessment/attendees-list/:id', {
    Page: AssessmentAttendeesPage,
    title: 'Attendees',
  }),
  signedIn('/assessment/question-bank', { Page: QuestionBankPage, title: 'Question bank' }),
  // Proctoring (issue 17): the pages say when the work needs a proctor of the assessment.
  signedIn('/assessment/:id/proctor/', { Page: ProctorGridPage, title: 'Proctoring' }),
  signedIn('/assessment/:id/proctor-view-card/:groupId', {
    Page: ProctorGroupPage,
    title: 'Proctoring',
  }),
  signedIn('/assessment/:id/proctor-view-card/:groupId/:evidence', {
    Page: ProctorEvidencePage,
    title: 'Evidence',
  }),
  signedIn('/assessment/proctor-view-old', {
    Page: ProctoredAssessmentsPage,
    title: 'Proctoring',
  }),

  // Announcements (issue 20): both check the /announcements menu entry.
  perm('/announcements', undefined, { Page: AnnouncementsPage, title: 'Announcements' }),
  perm('/announcements/:id/', '/announcements', { Page: AnnouncementPage, title: 'Announcement' }),
  // Discussions (issue 20): both check the /discussions menu entry.
  perm('/discussions', undefined, { Page: DiscussionsPage, title: 'Discussions' }),
  perm('/discussions/:id', '/discussions', { Page: DiscussionPage, title: 'Discussion' }),
  // Forums (issue 20, part 3): the static 'forums' segment outranks '/discussions/:id'.
  perm('/discussions/forums', '/discussions', { Page: ForumsPage, title: 'Forums' }),
  perm('/discussions/forums/:slug', '/discussions', { Page: ForumPage, title: 'Forum' }),

  // Classroom (issue 18): only the entry page is (perm); the pages say when work needs staff.
  perm('/classroom', undefined, { Page: ClassroomHomePage, title: 'Classroom' }),
  signedIn('/classroom/classes', { Page: ClassroomClassesPage, title: 'Classes' }),
  signedIn('/classroom/classes/edit', { Page: ClassEditorPage, title: 'Edit class' }),
  signedIn('/classroom/add-session', { Page: AddSessionPage, title: 'Sessions' }),
  signedIn('/classroom/attendees/:id', { Page: SessionAttendeesPage, title: 'Attendees' }),
  // Where an online session's participants land when the meeting ends.
  signedIn('/end-meet/:uuid', { Page: EndMeetPage, title: 'Meeting ended' }),

  // Any other path (spec §2). React Router ranks '*' last whatever its position.
  { path: '*', guard: 'public', allowSignedIn: true, Page: NotFoundPage, title: 'Page not found' },
];
