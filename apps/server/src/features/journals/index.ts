import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { journalsCalendar } from './journals.calendar.ts';
import { journalsMatrix } from './journals.matrix.ts';
import { registerJournalRoutes } from './journals.routes.ts';

/**
 * Journals and user planning (issue 22; spec §7 Reports journal/, update_journal/{id}/,
 * user_planning/): a learner's learning journal (rich-text entries with a reflection, linked to a
 * course or a booked session, private or shared with its trainers) and their plan (goals with a
 * target date and a status, dated ones on their own calendar).
 */
export const journalsModule: AppModule = {
  name: 'journals',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerJournalRoutes(app, ctx);
  },
  matrix: journalsMatrix,
  calendar: journalsCalendar,
};
