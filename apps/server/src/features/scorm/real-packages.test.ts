import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { makeUser, storedFiles } from '../../../test/factories/index.ts';
import {
  contentGet,
  contentPath,
  courseUsing,
  hasRealPackages,
  REAL_PACKAGES,
  uploadZip,
} from '../../../test/factories/scorm.ts';
import { api } from '../../../test/http.ts';
import { moduleFileProgress } from '../../schema/enrolments.table.ts';

/**
 * The real packages of ../shared/testdata/scorm (present in CI, absent in a
 * user's clone: then these tests skip and say why).
 */
if (!hasRealPackages)
  console.warn(
    `Skipping the real SCORM package tests: ${REAL_PACKAGES} (../shared/testdata/scorm from the repository root) is not present.`,
  );

type Sco = {
  identifier: string;
  launchable: boolean;
  launch_url: string | null;
  parent: string | null;
};

describe.skipIf(!hasRealPackages)('real SCORM packages (../shared/testdata/scorm)', () => {
  let t: TestApp;
  let acme: Staff;
  let a: ReturnType<typeof api>;
  const read = (name: string) => readFileSync(path.join(REAL_PACKAGES, name));

  beforeAll(async () => {
    t = await createTestApp();
    acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
    a = api(t);
  });
  afterAll(() => t.close());

  async function imported(name: string) {
    const up = await uploadZip(t, acme.trainer.token, name, read(name));
    expect(up.statusCode, up.body).toBe(201);
    const pkg = await a.get(`/api/scorm/files/${up.json().id}/package/`, acme.trainer.token);
    expect(pkg.statusCode, pkg.body).toBe(200);
    return { fileId: up.json().id as number, pkg: pkg.json() };
  }

  it.each([
    ['singlesco_scorm12.zip', '1.2', 'Golf Explained - CP Single SCO', 1],
    ['RuntimeMinimumCalls_SCORM12.zip', '1.2', 'Golf Explained - Minimum Run-time Calls', 18],
    [
      'RuntimeBasicCalls_SCORM20043rdEdition.zip',
      '2004',
      'Golf Explained - Run-time Basic Calls',
      1,
    ],
  ])('imports %s (SCORM %s) with its SCO tree', async (name, version, title, launchable) => {
    const { pkg } = await imported(name);
    expect(pkg).toMatchObject({ version, title });
    const scos = pkg.scos as Sco[];
    expect(scos.filter((s) => s.launchable)).toHaveLength(launchable);
    // Every launch page is served from the package, on the content origin, with an HTML type.
    for (const s of scos.filter((x) => x.launchable).slice(0, 3)) {
      const res = await contentGet(t, await contentPath(t, pkg.id, s.launch_url!));
      expect(res.statusCode, s.launch_url!).toBe(200);
      expect(res.headers['content-type']).toBe('text/html');
    }
  });

  it('builds the multi-SCO table of contents of RuntimeMinimumCalls', async () => {
    const { pkg } = await imported('RuntimeMinimumCalls_SCORM12.zip');
    const scos = pkg.scos as Sco[];
    expect(scos).toHaveLength(22);
    expect(scos[0]).toMatchObject({ identifier: 'playing_item', parent: null, launchable: false });
    expect(scos[1]).toMatchObject({ identifier: 'playing_playing_item', parent: 'playing_item' });
    expect(scos[1]!.launch_url).toBe('Playing/Playing.html');
    const quiz = scos.find((s) => s.identifier === 'playing_quiz_item')!;
    expect(quiz.launch_url).toBe('shared/assessmenttemplate.html?questions=Playing');
  });

  it.each([
    ['badscorm.zip', /imsmanifest\.xml is in a sub-folder \(“badscorm\/imsmanifest\.xml”\)/],
    ['invalid.zip', /no imsmanifest\.xml at its root/],
    ['singlescobasic_missingorg.zip', /no organisation with items/],
  ])('refuses %s with a clear message and keeps nothing', async (name, message) => {
    const before = storedFiles(t).length;
    const res = await uploadZip(t, acme.trainer.token, name, read(name));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(storedFiles(t).length).toBe(before);
  });

  it('tracks RuntimeMinimumCalls: commit, resume, and completion of every SCO', async () => {
    const { fileId, pkg } = await imported('RuntimeMinimumCalls_SCORM12.zip');
    const learner = await makeUser(t.database.db, {
      organisationId: acme.org.id,
      roleId: ROLE.LEARNER,
    });
    const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
    const { moduleFile, course } = await courseUsing(t, acme.org.id, fileId, {
      createdBy: acme.trainer.user.id,
      learners: [learner.id],
    });
    const base = `/api/scorm/module-files/${moduleFile.id}/runtime/`;
    const scos = (pkg.scos as Sco[]).filter((s) => s.launchable).map((s) => s.identifier);
    const first = scos[0]!;
    const leave = await a.post(`${base}?sco=${first}&attempt=1&session=launch-0001`, token, {
      cmi: {
        core: {
          lesson_location: 'page-2',
          lesson_status: 'incomplete',
          exit: 'suspend',
          session_time: '00:00:42',
        },
      },
    });
    expect(leave.statusCode, leave.body).toBe(200);
    const resume = (await a.get(`${base}?sco=${first}`, token)).json();
    expect(resume.cmi.core).toMatchObject({
      entry: 'resume',
      lesson_location: 'page-2',
      total_time: '0000:00:42',
    });
    let last: { package_completed: boolean } | undefined;
    for (const [i, sco] of scos.entries()) {
      const res = await a.post(`${base}?sco=${sco}&attempt=1&session=launch-${1000 + i}`, token, {
        cmi: {
          core: {
            lesson_status: sco.endsWith('quiz_item') ? 'passed' : 'completed',
            session_time: '00:00:10',
          },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
    }
    expect(last!.package_completed).toBe(true);
    const [p] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(eq(moduleFileProgress.moduleFileId, moduleFile.id));
    expect(p).toMatchObject({ status: 'completed', timeSpentSeconds: 42 + 18 * 10 });
    const report = await a.get(
      `/api/scorm/report/?course=${course.id}&page_size=100`,
      acme.trainer.token,
    );
    expect(report.json().count).toBe(18);
  });

  it('tracks RuntimeBasicCalls (2004): success and completion complete the package', async () => {
    const { fileId } = await imported('RuntimeBasicCalls_SCORM20043rdEdition.zip');
    const learner = await makeUser(t.database.db, {
      organisationId: acme.org.id,
      roleId: ROLE.LEARNER,
    });
    const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
    const { moduleFile } = await courseUsing(t, acme.org.id, fileId, { learners: [learner.id] });
    const base = `/api/scorm/module-files/${moduleFile.id}/runtime/`;
    const commit = (cmi: object, session: string) =>
      a.post(`${base}?sco=item_1&attempt=1&session=${session}`, token, { cmi });
    expect(
      (
        await commit(
          {
            location: '3',
            exit: 'suspend',
            completion_status: 'incomplete',
            session_time: 'PT20S',
          },
          'launch-a1',
        )
      ).json().package_completed,
    ).toBe(false);
    expect((await a.get(`${base}?sco=item_1`, token)).json().cmi).toMatchObject({
      entry: 'resume',
      location: '3',
    });
    const done = await commit(
      {
        completion_status: 'completed',
        success_status: 'passed',
        score: { scaled: '0.9' },
        session_time: 'PT1M',
      },
      'launch-a2',
    );
    expect(done.json()).toMatchObject({
      package_completed: true,
      sco_status: 'passed',
      total_seconds: 80,
    });
  });
});
