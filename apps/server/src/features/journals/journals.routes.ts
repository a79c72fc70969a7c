import { journalOps as ops } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import {
  createEntry,
  entryFor,
  myEntries,
  removeEntry,
  sharedEntries,
  updateEntry,
} from './journals.entries.ts';
import { createGoal, myGoals, removeGoal, updateGoal } from './journals.goals.ts';
import { linkOptions } from './journals.links.ts';

/**
 * Spec §7 Reports: journal/, update_journal/{id}/, user_planning/ (plus their list reads). Every
 * signed-in person may call them (no menu permission: the cards sit on the dashboard); what they
 * reach is their own, or what the policy shares with them.
 */
export function registerJournalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = { access: access.authenticated() };

  route(app, ops.journal, signedIn, async (req) =>
    myEntries(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.createJournal, signedIn, async (req) => createEntry(ctx, caller(req), req.body));
  route(app, ops.sharedJournal, signedIn, async (req) =>
    sharedEntries(ctx.db, caller(req), req.query, req.url),
  );
  route(app, ops.journalLinks, signedIn, async (req) => linkOptions(ctx.db, caller(req)));
  route(app, ops.journalEntry, signedIn, async (req) =>
    entryFor(ctx.db, caller(req), req.params.id),
  );
  route(app, ops.updateJournal, signedIn, async (req) =>
    updateEntry(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeJournal, signedIn, async (req) => {
    await removeEntry(ctx, caller(req), req.params.id);
  });

  route(app, ops.goals, signedIn, async (req) => myGoals(ctx.db, caller(req), req.query, req.url));
  route(app, ops.createGoal, signedIn, async (req) => createGoal(ctx, caller(req), req.body));
  route(app, ops.updateGoal, signedIn, async (req) =>
    updateGoal(ctx, caller(req), req.params.id, req.body),
  );
  route(app, ops.removeGoal, signedIn, async (req) => {
    await removeGoal(ctx, caller(req), req.params.id);
  });
}
