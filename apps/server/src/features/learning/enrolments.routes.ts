import {
  learningPaths as p,
  ZAssignLearners,
  ZAssignResult,
  ZCourseEnrolmentsSearchQuery,
  ZEnrolment,
  ZEnrolmentDecision,
  ZEnrolmentRequestCreate,
  ZEnrolmentRequestPage,
  ZEnrolmentRequestsQuery,
  ZEnrolmentUpdate,
  ZUnassignResult,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { enrolmentRequests } from './enrolments.requests.ts';
import { enrolments } from './enrolments.service.ts';
import { learningErrors as errors, manageAccess } from './learning.access.ts';

const tags = ['courses'];
const courseParams = z.object({ courseId: zIdParam });
const id = z.object({ id: zIdParam });

export function registerEnrolmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    p.assign,
    {
      schema: {
        tags,
        summary:
          "Assign learners of the course's organisation to a published course: {users: [ids]} or {department}, optional due_at (course managers)",
        params: courseParams,
        body: ZAssignLearners,
        response: { 200: ZAssignResult, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => enrolments.assign(ctx, caller(req), req.params.courseId, req.body),
  );

  r.post(
    p.unassign,
    {
      schema: {
        tags,
        summary:
          'Unassign learners: {users: [ids]} or {department}; completed enrolments are kept (course managers)',
        params: courseParams,
        body: ZAssignLearners,
        response: { 200: ZUnassignResult, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => enrolments.unassign(ctx, caller(req), req.params.courseId, req.body),
  );

  r.get(
    p.courseEnrolments,
    {
      schema: {
        tags,
        summary:
          "The course's enrolments, filtered by status and searched by learner name, user name or e-mail (course managers)",
        params: courseParams,
        querystring: ZCourseEnrolmentsSearchQuery,
        response: { 200: zPage(ZEnrolment), ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => {
      const q = req.query;
      const page = await enrolments.listForCourse(
        ctx.db,
        caller(req),
        req.params.courseId,
        q.status,
        pageBounds(q),
        q.search,
      );
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.post(
    p.enrolmentRequest,
    {
      schema: {
        tags,
        summary:
          'Request enrolment in a self-enrol course (learners); 409 when already requested or enrolled',
        body: ZEnrolmentRequestCreate,
        response: { 201: ZEnrolment, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) =>
      reply.code(201).send(await enrolmentRequests.request(ctx, caller(req), req.body.course)),
  );

  r.post(
    p.enrolmentApprove,
    {
      schema: {
        tags,
        summary: 'Approve a pending enrolment request (a manager of the course)',
        body: ZEnrolmentDecision,
        response: { 200: ZEnrolment, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => enrolmentRequests.approve(ctx, caller(req), req.body.enrolment),
  );

  r.post(
    p.enrolmentReject,
    {
      schema: {
        tags,
        summary:
          'Reject a pending request (a manager of the course; it stays as rejected) or withdraw your own (it is removed)',
        body: ZEnrolmentDecision,
        response: {
          200: z.object({ withdrawn: z.boolean(), enrolment: ZEnrolment.nullable() }),
          ...errors,
        },
      },
      config: { access: access.authenticated() },
    },
    async (req) => enrolmentRequests.reject(ctx, caller(req), req.body.enrolment, req.body.reason),
  );

  r.get(
    p.enrolmentRequests,
    {
      schema: {
        tags,
        summary:
          "Enrolment requests: scope=mine (the caller's) or scope=to_decide (courses the caller manages), with the pending count",
        querystring: ZEnrolmentRequestsQuery,
        response: { 200: ZEnrolmentRequestPage, ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const q = req.query;
      const page = await enrolmentRequests.list(
        ctx.db,
        caller(req),
        q.scope,
        q.status,
        pageBounds(q),
      );
      return { ...toPage(req.url, q, page.count, page.rows), pending_count: page.pending };
    },
  );

  r.patch(
    p.userEnrolment,
    {
      schema: {
        tags,
        summary:
          'Change an enrolment: due date, or status along the allowed transitions (course managers)',
        params: id,
        body: ZEnrolmentUpdate,
        response: { 200: ZEnrolment, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => enrolments.update(ctx, caller(req), req.params.id, req.body),
  );
}
