import { ROLE, ZAnnouncementInput } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeAnnouncement,
  makeLearner,
  makeOrganisation,
  makeStructure,
  makeSuperadmin,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { announcementSearch } from './announcements.search.ts';
import {
  createAnnouncement,
  removeAnnouncement,
  updateAnnouncement,
} from './announcements.service.ts';

/*
 * Announcements in global search: the documents (plain text of the body, the detail page's
 * route), and `visible` giving exactly what the announcements list and detail would: readers
 * what is out for them, managers their scheduled and expired ones too, nobody another
 * organisation's.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

describe('announcement search provider', () => {
  it('writes plain-text documents and drops deleted ones', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const a = await makeAnnouncement(db, {
      organisationId: org.id,
      title: 'Office closed',
      body: '<p>Closed on <b>Friday</b>.</p><p>Fish &amp; chips</p>',
    });
    const [doc] = await announcementSearch.documents(s.ctx, [a.id, 999_999_999]);
    expect(doc).toEqual({
      id: a.id,
      organisationId: org.id,
      title: 'Office closed',
      body: 'Closed on Friday. Fish & chips',
      subtitle: null,
      href: `/announcements/${a.id}/`,
    });
    const ids = await announcementSearch.ids(s.ctx, a.id - 1, 10);
    expect(ids[0]).toBe(a.id);
  });

  it('shows each caller what the announcements pages show them', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const place = await makeStructure(db, org.id);
    const author = await makeTrainer(db, { organisationId: org.id });
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const inDept = await makeLearner(db, { organisationId: org.id });
    await placeUser(db, inDept.id, { departmentId: place.sales.department.id });
    const outside = await makeLearner(db, { organisationId: org.id });
    const superadmin = await makeSuperadmin(db, { organisationId: org.id });
    const make = (o: Parameters<typeof makeAnnouncement>[1]) =>
      makeAnnouncement(db, { organisationId: org.id, createdBy: author.id, ...o });
    const all = await make({});
    const dept = await make({
      audience: {
        departments: [place.sales.department.id],
        designations: [],
        roles: [],
        course: null,
        class: null,
      },
    });
    const trainers = await make({
      audience: {
        departments: [],
        designations: [],
        roles: [ROLE.TRAINER],
        course: null,
        class: null,
      },
    });
    const scheduled = await make({ publishAt: inHours(2) });
    const expired = await make({ publishAt: inHours(-3), expiresAt: inHours(-1) });
    const foreign = await makeAnnouncement(db, { organisationId: other.id });
    const ids = [all, dept, trainers, scheduled, expired, foreign].map((a) => a.id);

    const seen = async (user: { id: number }) =>
      [...(await announcementSearch.visible(s.ctx, await authFor(s.ctx, user, org.id), ids))].sort(
        (x, y) => x - y,
      );
    const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((x, y) => x - y);
    expect(await seen(inDept)).toEqual(sorted(all, dept));
    expect(await seen(outside)).toEqual(sorted(all));
    // A trainer reads what is out for trainers; the author manages all of theirs.
    expect(await seen(trainer)).toEqual(sorted(all, trainers));
    expect(await seen(author)).toEqual(sorted(all, dept, trainers, scheduled, expired));
    expect(await seen(admin)).toEqual(sorted(all, dept, trainers, scheduled, expired));
    // A superadmin signed in to the organisation manages its announcements, not another's.
    expect(await seen(superadmin)).toEqual(sorted(all, dept, trainers, scheduled, expired));
    expect(await announcementSearch.visible(s.ctx, await authFor(s.ctx, inDept), [])).toEqual(
      new Set(),
    );
  });

  it('is told of every create, edit and delete', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, trainer);
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'announcement') told.push(p.ids);
    });
    try {
      const created = await createAnnouncement(
        s.ctx,
        auth,
        ZAnnouncementInput.parse({ title: 'Fire drill', body: '<p>At noon.</p>' }),
      );
      await updateAnnouncement(s.ctx, auth, created.id, { title: 'Fire drill moved' });
      await removeAnnouncement(s.ctx, auth, created.id);
      expect(told).toEqual([[created.id], [created.id], [created.id]]);
      expect(await announcementSearch.documents(s.ctx, [created.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
