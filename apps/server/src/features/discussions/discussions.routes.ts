import { discussionOps as ops, ROLE } from '@atrium/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { toPage } from '../../core/http/pagination.ts';
import { answerPage, createAnswer, removeAnswer, updateAnswer } from './discussions.answers.ts';
import {
  attachmentFor,
  discardFiles,
  type StoredAttachment,
  storeAttachment,
} from './discussions.attachments.ts';
import { listTopicsIn } from './discussions.lists.ts';
import { react, recordView, setFollowing } from './discussions.reactions.ts';
import { scopeOptions } from './discussions.scopes.ts';
import {
  acceptAnswer,
  createTopic,
  removeTopic,
  topicDetail,
  updateTopic,
} from './discussions.topics.ts';
import { createType, deleteType, listTypes, updateType } from './discussions.types.ts';

/** Topics a person may start an hour, and answers they may post (per node, like every limiter). */
export const TOPICS_PER_HOUR = 10;
export const ANSWERS_PER_HOUR = 60;

export const limitPerHour = (name: string, max: number) => ({
  max,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => `discussions.${name}:${req.auth?.userId ?? req.ip}`,
});

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Spec §7 Discussions, all behind the /discussions menu entry; which topic a caller reaches is
 * the policy's (404 outside it). The types are kept by the organisation's admins.
 */
export function registerDiscussionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const members = { access: access.menu('/discussions') };
  const admins = { access: access.menu('/discussions', [ROLE.ADMIN]) };

  route(app, ops.types, members, async (req) => listTypes(ctx, caller(req)));
  route(app, ops.createType, admins, async (req) => createType(ctx, caller(req), req.body));
  route(app, ops.updateType, admins, async (req) =>
    updateType(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.deleteType, admins, async (req) => {
    await deleteType(ctx, caller(req), req.params.id);
  });
  route(app, ops.scopes, members, async (req) => scopeOptions(ctx.db, caller(req)));

  route(app, ops.list, members, async (req) => {
    const page = await listTopicsIn(ctx.db, caller(req), req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });

  route(
    app,
    ops.create,
    { ...members, rateLimit: limitPerHour('topics', TOPICS_PER_HOUR) },
    async (req) => {
      const auth = caller(req);
      // All or nothing: a refused field, file or write deletes the files already stored.
      const files: StoredAttachment[] = [];
      try {
        const form = await readForm(req, async (file) => {
          files.push(await storeAttachment(ctx, file, files.length));
        });
        const input = parseInput(ops.create.body.form, form);
        return await createTopic(ctx, auth, input, files);
      } catch (err) {
        await discardFiles(
          ctx,
          files.map((f) => f.key),
        );
        throw err;
      }
    },
  );

  route(app, ops.detail, members, async (req) => topicDetail(ctx, caller(req), req.params.id));
  route(app, ops.update, members, async (req) =>
    updateTopic(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.remove, members, async (req) => {
    await removeTopic(ctx, caller(req), req.params.id);
  });

  route(app, ops.answers, members, async (req) => {
    const page = await answerPage(ctx, caller(req), req.params.id, req.query);
    return toPage(req.url, req.query, page.count, page.rows);
  });
  route(
    app,
    ops.answer,
    { ...members, rateLimit: limitPerHour('answers', ANSWERS_PER_HOUR) },
    async (req) => createAnswer(ctx, caller(req), req.body),
  );
  route(app, ops.updateAnswer, members, async (req) =>
    updateAnswer(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeAnswer, members, async (req) => {
    await removeAnswer(ctx, caller(req), req.params.id);
  });

  route(app, ops.react, members, async (req) => react(ctx, caller(req), req.body));
  route(app, ops.view, members, async (req) => recordView(ctx, caller(req), req.body.discussion));
  route(app, ops.accept, members, async (req) =>
    acceptAnswer(ctx, caller(req), req.params.id, req.body.answer),
  );
  route(app, ops.follow, members, async (req) =>
    setFollowing(ctx, caller(req), req.params.id, req.body.following),
  );

  route(app, ops.attachment, members, async (req, reply) => {
    const file = await attachmentFor(ctx, caller(req), req.params.id);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', attachment(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
