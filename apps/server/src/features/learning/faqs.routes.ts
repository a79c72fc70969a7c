import {
  learningPaths as p,
  ZFaq,
  ZFaqCreate,
  ZFaqUpdate,
  ZPageQuery,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { faqs } from './faqs.service.ts';
import { learningErrors as errors, manageAccess } from './learning.access.ts';

const tags = ['courses'];
const id = z.object({ id: zIdParam });

export function registerFaqRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.faqList,
    {
      schema: {
        tags,
        summary: "A course's FAQs in order (anyone who can see the course)",
        params: z.object({ courseId: zIdParam }),
        querystring: ZPageQuery,
        response: { 200: zPage(ZFaq), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => {
      const page = await faqs.list(ctx.db, caller(req), req.params.courseId, pageBounds(req.query));
      return toPage(req.url, req.query, page.count, page.rows);
    },
  );

  r.post(
    p.faq,
    {
      schema: {
        tags,
        summary: 'Add a FAQ to a course (its managers)',
        body: ZFaqCreate,
        response: { 201: ZFaq, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req, reply) => reply.code(201).send(await faqs.create(ctx.db, caller(req), req.body)),
  );

  r.patch(
    p.faqItem,
    {
      schema: {
        tags,
        summary: 'Change a FAQ or its position (course managers)',
        params: id,
        body: ZFaqUpdate,
        response: { 200: ZFaq, ...errors },
      },
      config: { access: manageAccess },
    },
    async (req) => faqs.update(ctx.db, caller(req), req.params.id, req.body),
  );

  r.delete(
    p.faqItem,
    {
      schema: {
        tags,
        summary: 'Delete a FAQ (course managers)',
        params: id,
        response: { 204: z.null().describe('Deleted.'), ...errors },
      },
      config: { access: manageAccess },
    },
    async (req, reply) => {
      await faqs.remove(ctx.db, caller(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
