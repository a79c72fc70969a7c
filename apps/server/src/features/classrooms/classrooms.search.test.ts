import { ZClassInput } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeBooking,
  makeClass,
  makeClassroom,
  makeClassroomSession,
  makeLearner,
  makeOrganisation,
  makeRoom,
  makeSession,
  makeSuperadmin,
  makeTopic,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { createClass, removeClass, updateClass, updateTopic } from './classes.service.ts';
import { classSearch, sessionSearch } from './classrooms.search.ts';
import { removeClassroom, updateClassroom } from './classrooms.service.ts';
import { updateRoom } from './rooms.service.ts';
import { cancelSession } from './sessions.service.ts';

/*
 * Classes and sessions in global search: their documents (the class's classroom, the session's
 * class, day, times and place as subtitles), and `visible` keeping the classroom pages' rule:
 * staff see their organisation's, learners those of published classrooms, nobody another
 * organisation's; the writes tell the index, renames reaching the items that name them.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);

describe('classroom search providers', () => {
  it('writes classes and sessions with their subtitles', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const classroom = await makeClassroom(db, { organisationId: org.id, title: 'Onboarding' });
    const cls = await makeClass(db, {
      classroomId: classroom.id,
      organisationId: org.id,
      name: 'Safety basics',
      description: 'Fire exits and first aid',
    });
    const topic = await makeTopic(db, cls, { title: 'Fire exits' });
    const room = await makeRoom(db, org.id);
    const at = new Date('2030-03-04T09:00:00Z');
    const inRoom = await makeSession(db, topic, { startsAt: at, roomId: room.id, title: '' });
    const online = await makeSession(db, topic, {
      startsAt: at,
      online: true,
      title: 'Evening run',
      status: 'cancelled',
    });
    expect(await classSearch.documents(s.ctx, [cls.id, 999_999_999])).toEqual([
      {
        id: cls.id,
        organisationId: org.id,
        title: 'Safety basics',
        body: 'Fire exits and first aid',
        subtitle: 'Onboarding',
        href: `/classroom/classes?class=${cls.id}`,
      },
    ]);
    const docs = await sessionSearch.documents(s.ctx, [inRoom.id, online.id]);
    expect(docs.find((d) => d.id === inRoom.id)).toEqual({
      id: inRoom.id,
      organisationId: org.id,
      title: 'Safety basics',
      body: `Fire exits ${room.name}`,
      subtitle: `Safety basics · 4 Mar 2030, 09:00–10:00 · ${room.name}`,
      href: `/classroom/classes?session=${inRoom.id}`,
    });
    expect(docs.find((d) => d.id === online.id)).toMatchObject({
      title: 'Evening run',
      subtitle: 'Safety basics · 4 Mar 2030, 09:00–10:00 · Online · Cancelled',
    });
    expect(await sessionSearch.ids(s.ctx, inRoom.id - 1, 2)).toEqual([inRoom.id, online.id]);
  });

  it('shows each caller what the classroom pages show them', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const learner = await makeLearner(db, { organisationId: org.id });
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const superadmin = await makeSuperadmin(db, { organisationId: org.id });
    const published = await makeClassroomSession(db, { organisationId: org.id });
    const draftRoom = await makeClassroom(db, { organisationId: org.id, status: 'draft' });
    const draftClass = await makeClass(db, { classroomId: draftRoom.id, organisationId: org.id });
    const draftSession = await makeSession(db, await makeTopic(db, draftClass));
    const foreign = await makeClassroomSession(db, { organisationId: other.id });
    const classIds = [published.cls, draftClass, foreign.cls].map((c) => c.id);
    const sessionIds = [published.session, draftSession, foreign.session].map((x) => x.id);
    const seen = async (user: { id: number }) => {
      const auth = await authFor(s.ctx, user);
      return {
        classes: [...(await classSearch.visible(s.ctx, auth, classIds))].sort((a, b) => a - b),
        sessions: [...(await sessionSearch.visible(s.ctx, auth, sessionIds))].sort((a, b) => a - b),
      };
    };
    expect(await seen(learner)).toEqual({
      classes: sorted(published.cls),
      sessions: sorted(published.session),
    });
    for (const staff of [trainer, admin]) {
      expect(await seen(staff)).toEqual({
        classes: sorted(published.cls, draftClass),
        sessions: sorted(published.session, draftSession),
      });
    }
    // canSeeClassroom: a superadmin sees every organisation's.
    expect(await seen(superadmin)).toEqual({
      classes: sorted(published.cls, draftClass, foreign.cls),
      sessions: sorted(published.session, draftSession, foreign.session),
    });
  });

  it('is told of class writes, renames, cancellations and deletions', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const learner = await makeLearner(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, trainer);
    const classroom = await makeClassroom(db, { organisationId: org.id, createdBy: trainer.id });
    const told: string[] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind.startsWith('classroom')) told.push(`${p.kind}:${p.ids.join(',')}`);
    });
    try {
      const cls = await createClass(
        s.ctx,
        auth,
        ZClassInput.parse({ classroom: classroom.id, name: 'Induction' }),
      );
      const topic = await makeTopic(db, { id: cls.id, organisationId: org.id });
      const session = await makeSession(db, topic, { trainerIds: [trainer.id] });
      await makeBooking(db, session, learner.id);
      await updateClass(s.ctx, auth, cls.id, { name: 'Induction day' });
      await updateTopic(s.ctx, auth, topic.id, { title: 'Welcome' });
      await cancelSession(s.ctx, auth, session.id, '127.0.0.1');
      await updateClassroom(s.ctx, auth, classroom.id, { title: 'Renamed' });
      expect(told).toEqual([
        `classroom:${cls.id}`,
        `classroom:${cls.id}`,
        `classroom_session:${session.id}`,
        `classroom_session:${session.id}`,
        `classroom_session:${session.id}`,
        `classroom:${cls.id}`,
      ]);
      told.length = 0;
      // A room's rename reaches the sessions held in it (their subtitle names it).
      const room = await makeRoom(db, org.id);
      const inRoom = await makeSession(db, topic, { trainerIds: [], roomId: room.id });
      const admin = await authFor(s.ctx, await makeAdmin(db, { organisationId: org.id }));
      await updateRoom(s.ctx, admin, room.id, { name: `${room.name} (east)` });
      expect(told).toEqual([`classroom_session:${inRoom.id}`]);
      expect((await sessionSearch.documents(s.ctx, [inRoom.id]))[0]?.subtitle).toContain(
        `${room.name} (east)`,
      );
      await cancelSession(s.ctx, auth, inRoom.id, '127.0.0.1');
      told.length = 0;
      await removeClass(s.ctx, auth, cls.id);
      expect(told).toEqual([`classroom_session:${session.id}`, `classroom:${cls.id}`]);
      told.length = 0;
      const second = await makeClass(db, { classroomId: classroom.id, organisationId: org.id });
      await removeClassroom(s.ctx, auth, classroom.id, '127.0.0.1');
      expect(told).toEqual([`classroom:${second.id}`]);
      expect(await classSearch.documents(s.ctx, [cls.id, second.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
