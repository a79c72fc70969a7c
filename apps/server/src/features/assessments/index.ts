import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { assessmentsCalendar } from './assessments.calendar.ts';
import { assessmentsMatrix } from './assessments.matrix.ts';
import {
  attemptJobs,
  attemptMatrix,
  attemptOnReady,
  attemptSubscribers,
  registerAttemptRoutes,
} from './attempts.module.ts';
import {
  authoringJobs,
  authoringMatrix,
  authoringOnReady,
  authoringSubscribers,
  registerAuthoringRoutes,
} from './authoring.module.ts';
import {
  gradingJobs,
  gradingMatrix,
  gradingOnReady,
  gradingSubscribers,
  registerGradingRoutes,
} from './grading.module.ts';
import { registerQuestionBankRoutes } from './question-bank.routes.ts';
import {
  questionImageJobs,
  questionImageMatrix,
  questionImagesOnReady,
  registerQuestionImageRoutes,
} from './question-images.module.ts';
import {
  questionIoJobs,
  questionIoMatrix,
  questionIoOnReady,
  questionIoSubscribers,
  registerQuestionIoRoutes,
} from './question-io.module.ts';
import {
  registerReportRoutes,
  reportJobs,
  reportMatrix,
  reportOnReady,
  reportSubscribers,
} from './reports.module.ts';
import './assessments.events.ts';
import { assessmentsSearch } from './assessments.search.ts';
import { assessmentsTodo } from './assessments.todo.ts';

/**
 * Assessments (issue 16): the question bank (categories, tags, versioned questions of ten types,
 * QTI/CSV/XLSX import and QTI export), authoring (settings, pages of fixed and random slots,
 * assignment, overrides, reviewers, feedback bands), attempts on the server's clock, grading by
 * reviewers, results per the review options, and reports with item analysis. Each part is a
 * `*.module.ts` contributing its routes, matrix rows, jobs and subscribers.
 */
export const assessmentsModule: AppModule = {
  name: 'assessments',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerQuestionBankRoutes(app, ctx);
    registerQuestionIoRoutes(app, ctx);
    registerQuestionImageRoutes(app, ctx);
    registerAuthoringRoutes(app, ctx);
    registerAttemptRoutes(app, ctx);
    registerGradingRoutes(app, ctx);
    registerReportRoutes(app, ctx);
    app.addHook('onReady', async () => {
      await authoringOnReady(ctx);
      await attemptOnReady(ctx);
      await gradingOnReady(ctx);
      await reportOnReady(ctx);
      await questionIoOnReady(ctx);
      await questionImagesOnReady(ctx);
    });
  },
  matrix: {
    ...assessmentsMatrix,
    ...questionIoMatrix,
    ...questionImageMatrix,
    ...authoringMatrix,
    ...attemptMatrix,
    ...gradingMatrix,
    ...reportMatrix,
  },
  jobs: [
    ...authoringJobs,
    ...attemptJobs,
    ...gradingJobs,
    ...reportJobs,
    ...questionIoJobs,
    ...questionImageJobs,
  ],
  subscribers: [
    ...authoringSubscribers,
    ...attemptSubscribers,
    ...gradingSubscribers,
    ...reportSubscribers,
    ...questionIoSubscribers,
  ],
  calendar: assessmentsCalendar,
  todo: assessmentsTodo,
  search: assessmentsSearch,
};

// For the exam bench (bench/exam.ts): the job's pre-creation of attempts before an exam opens.
export { precreateAttempts } from './attempts.jobs.ts';
// For proctoring (issue 17): the assessment and attempt facts its rules read, and who proctors.
export {
  type Assessment,
  type Attempt,
  assessmentByAddress,
  assessmentForProctoring,
  ownAttempt,
  proctorIdsOf,
} from './proctoring-bridge.ts';
// For the attempts: freezing the versions an attempt answered.
export { markVersionsUsed } from './question-bank.service.ts';
