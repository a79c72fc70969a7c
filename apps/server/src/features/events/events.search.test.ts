import { ROLE, ZEventInput } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeEvent,
  makeEventEnrolment,
  makeLearner,
  makeOrganisation,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { events } from '../../schema/events.table.ts';
import { removeEvent } from './events.cancel.ts';
import { eventSearch } from './events.search.ts';
import { createEvent, updateEvent } from './events.service.ts';

/*
 * Events in global search: documents (description as text, place and date as the subtitle),
 * and `visible` giving what the events list gives: staff their organisation's, a learner the
 * published ones of their audience and those they are enrolled in, nobody another's.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

describe('event search provider', () => {
  it('writes the description as text, with the date and place as the subtitle', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const event = await makeEvent(db, {
      organisationId: org.id,
      title: 'First aid',
      startsAt: new Date('2030-03-04T09:00:00Z'),
      location: 'Hall B',
      status: 'cancelled',
    });
    // The factory writes no description; the service stores it sanitised like this.
    await db
      .update(events)
      .set({ description: '<p>Bring <b>gloves</b> &amp; a mask.</p>' })
      .where(eq(events.id, event.id));
    expect(await eventSearch.documents(s.ctx, [event.id, 999_999_999])).toEqual([
      {
        id: event.id,
        organisationId: org.id,
        title: 'First aid',
        body: 'Bring gloves & a mask. Hall B',
        subtitle: '4 Mar 2030 · Hall B · Cancelled',
        href: `/cpd?event=${event.id}`,
      },
    ]);
    expect(await eventSearch.ids(s.ctx, event.id - 1, 1)).toEqual([event.id]);
  });

  it('shows each caller what the events list shows them', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const learner = await makeLearner(db, { organisationId: org.id });
    const enrolledLearner = await makeLearner(db, { organisationId: org.id });
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const make = (o: Parameters<typeof makeEvent>[1]) =>
      makeEvent(db, { organisationId: org.id, createdBy: trainer.id, ...o });
    const open = await make({});
    const draft = await make({ status: 'draft' });
    const forTrainers = await make({
      audience: { departments: [], designations: [], roles: [ROLE.TRAINER] },
    });
    const foreign = await makeEvent(db, { organisationId: other.id });
    await makeEventEnrolment(db, forTrainers, enrolledLearner.id);
    const ids = [open, draft, forTrainers, foreign].map((e) => e.id);
    const seen = async (user: { id: number }) =>
      [...(await eventSearch.visible(s.ctx, await authFor(s.ctx, user), ids))].sort(
        (a, b) => a - b,
      );
    const sorted = (...es: { id: number }[]) => es.map((e) => e.id).sort((a, b) => a - b);
    expect(await seen(learner)).toEqual(sorted(open));
    expect(await seen(enrolledLearner)).toEqual(sorted(open, forTrainers));
    expect(await seen(trainer)).toEqual(sorted(open, draft, forTrainers));
    expect(await seen(admin)).toEqual(sorted(open, draft, forTrainers));
    expect(await eventSearch.visible(s.ctx, await authFor(s.ctx, admin), [])).toEqual(new Set());
  });

  it('is told of every create, edit, cancellation and deletion', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const learner = await makeLearner(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, trainer);
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'event') told.push(p.ids);
    });
    try {
      const input = (title: string) =>
        ZEventInput.parse({
          title,
          starts_at: '2030-05-01T09:00:00Z',
          ends_at: '2030-05-01T10:00:00Z',
          time_zone: 'UTC',
          status: 'published',
        });
      const a = await createEvent(s.ctx, auth, input('Induction'));
      await updateEvent(s.ctx, auth, a.id, { title: 'Induction day' });
      await removeEvent(s.ctx, auth, a.id);
      const b = await createEvent(s.ctx, auth, input('Town hall'));
      await makeEventEnrolment(db, { id: b.id, organisationId: org.id }, learner.id);
      expect(await removeEvent(s.ctx, auth, b.id)).toMatchObject({ outcome: 'cancelled' });
      expect(told).toEqual([[a.id], [a.id], [a.id], [b.id], [b.id]]);
      expect(await eventSearch.documents(s.ctx, [a.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
