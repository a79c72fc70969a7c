import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedIn } from '../../../test/auth.ts';
import { makeClass, makeClassroom, makeRoom, makeTopic } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { classroomOccupancy, classroomSessions } from '../../schema/classrooms.table.ts';

/*
 * Schedulers racing each other. On PostgreSQL (TEST_DATABASE_URL set) the creates run on two
 * connections at once: both pre-checks may see a free trainer, and only the exclusion constraint
 * decides. PGlite runs one transaction at a time, so there the same test checks the sequential
 * answer (the pre-check's).
 */
let t: TestApp;
let acme: Staff;
const ROUNDS = 6;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t?.close());

const db = () => t.database.db;

async function topic() {
  const classroom = await makeClassroom(db(), {
    organisationId: acme.org.id,
    createdBy: acme.admin.user.id,
  });
  const cls = await makeClass(db(), { classroomId: classroom.id, organisationId: acme.org.id });
  return makeTopic(db(), cls);
}

const create = (topicId: number, session: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/classrooms/sessions/', {
    token: acme.admin.token,
    body: { topic: topicId, sessions: [session] },
  });

describe('double booking under concurrent creates', () => {
  it('one trainer, overlapping ranges from two forms at once: exactly one wins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
      const [t1, t2] = [await topic(), await topic()];
      const date = new Date(Date.now() + (40 + round) * 86_400_000).toISOString().slice(0, 10);
      const base = {
        date,
        time_zone: 'UTC',
        trainers: [trainer.user.id],
        online: true,
        capacity: 5,
      };
      const results = await Promise.all([
        create(t1.id, { ...base, title: 'A', start_time: '09:00', end_time: '10:00' }),
        create(t2.id, { ...base, title: 'B', start_time: '09:30', end_time: '10:30' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(Object.keys(loser.json().errors)).toEqual(['sessions.0.trainers']);
      const held = await db()
        .select()
        .from(classroomOccupancy)
        .where(eq(classroomOccupancy.resourceId, trainer.user.id));
      expect(held).toHaveLength(1);
    }
  });

  it('one room, the same range from two forms at once: exactly one wins, nothing half-written', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const room = await makeRoom(db(), acme.org.id);
      const [t1, t2] = [await topic(), await topic()];
      const [a, b] = [
        await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER }),
        await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER }),
      ];
      const date = new Date(Date.now() + (60 + round) * 86_400_000).toISOString().slice(0, 10);
      const base = {
        date,
        time_zone: 'UTC',
        room: room.id,
        capacity: 5,
        start_time: '13:00',
        end_time: '14:00',
      };
      const results = await Promise.all([
        create(t1.id, { ...base, title: 'A', trainers: [a.user.id] }),
        create(t2.id, { ...base, title: 'B', trainers: [b.user.id] }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([201, 409]);
      const sessions = await db()
        .select()
        .from(classroomSessions)
        .where(eq(classroomSessions.roomId, room.id));
      // The loser's session row went with its transaction.
      expect(sessions).toHaveLength(1);
    }
  });
});
