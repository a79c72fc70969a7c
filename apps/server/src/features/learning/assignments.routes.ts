import {
  learningPaths as p,
  ZAssignment,
  ZAssignmentCreate,
  ZAssignmentUpdate,
  ZCourseListQuery,
  ZGrade,
  ZPageQuery,
  ZSubmission,
  ZSubmissionFields,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { assignmentsService } from './assignments.service.ts';
import { submissions } from './assignments.submissions.ts';
import { learningErrors as errors, manageAccess } from './learning.access.ts';

const tags = ['courses'];
const id = z.object({ id: zIdParam });

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerAssignmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.assignments,
    {
      schema: {
        tags,
        summary:
          "A course's assignments: managers with submission counts, enrolled learners with their own submission",
        querystring: ZCourseListQuery,
        response: { 200: zPage(ZAssignment), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const q = req.query;
      const page = await assignmentsService.list(ctx.db, caller(req), q.course, pageBounds(q));
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.post(
    p.assignments,
    {
      schema: {
        tags,
        summary: 'Create an assignment (course managers)',
        body: ZAssignmentCreate,
        response: { 201: ZAssignment, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req, reply) =>
      reply.code(201).send(await assignmentsService.create(ctx.db, caller(req), req.body)),
  );

  r.patch(
    p.assignment,
    {
      schema: {
        tags,
        summary:
          'Change an assignment (course managers; replaces the malformed update path of the spec)',
        params: id,
        body: ZAssignmentUpdate,
        response: { 200: ZAssignment, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => assignmentsService.update(ctx.db, caller(req), req.params.id, req.body),
  );

  r.delete(
    p.assignment,
    {
      schema: {
        tags,
        summary: 'Delete an assignment and its submissions (course managers)',
        params: id,
        response: { 204: z.null().describe('Deleted.'), ...errors },
      },
      config: { access: manageAccess },
    },
    async (req, reply) => {
      await assignmentsService.remove(ctx, caller(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    p.assignmentSubmit,
    {
      schema: {
        tags,
        summary:
          'Submit (multipart: `file` pdf/doc/docx/odt/txt/zip/png/jpg up to 25 MB and/or `text`; JSON {text} too). Replaces the previous submission until it is graded (enrolled learners)',
        params: id,
        response: { 201: ZSubmission, ...errors, 413: errors[400], 415: errors[400] },
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const auth = caller(req);
      // Nothing is read or stored for someone who may not submit.
      await submissions.assertCanSubmit(ctx.db, auth, req.params.id);
      let stored: (StoredFile & { name: string }) | undefined;
      let fields: { text?: string };
      try {
        const form = await readForm(req, async (file) => {
          if (file.fieldname !== 'file' || stored) {
            file.file.resume();
            throw badRequest('Invalid input. Please correct the fields listed.', {
              [file.fieldname]: ['Send one file, in the `file` field.'],
            });
          }
          stored = { ...(await submissions.storeFile(ctx, file)), name: file.filename };
        });
        fields = parseInput(ZSubmissionFields, form);
      } catch (err) {
        if (stored) await ctx.files.delete(stored.key).catch(() => {});
        throw err;
      }
      const result = await submissions.submit(ctx, auth, req.params.id, {
        text: fields.text,
        file: stored,
      });
      return reply.code(201).send(result);
    },
  );

  r.post(
    p.assignmentGrade,
    {
      schema: {
        tags,
        summary:
          "Grade a learner's submission: {user, score ≤ max_score, feedback} (course managers)",
        params: id,
        body: ZGrade,
        response: { 200: ZSubmission, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => submissions.grade(ctx, caller(req), req.params.id, req.body),
  );

  r.get(
    p.assignmentSubmissions,
    {
      schema: {
        tags,
        summary: "An assignment's submissions, newest first (course managers)",
        params: id,
        querystring: ZPageQuery,
        response: { 200: zPage(ZSubmission), ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => {
      const page = await submissions.list(
        ctx.db,
        caller(req),
        req.params.id,
        pageBounds(req.query),
      );
      return toPage(req.url, req.query, page.count, page.rows);
    },
  );

  r.get(
    p.submissionFile,
    {
      schema: {
        tags,
        summary: "Download a submission's file (its learner or the course managers)",
        params: id,
      },
      config: { access: access.authenticated() },
    },
    async (req, reply) => {
      const file = await submissions.file(ctx, caller(req), req.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
}
