import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import {
  buildZip,
  courseUsing,
  hasRealPackages,
  REAL_PACKAGES,
  uploadZip,
} from '../../../test/factories/scorm.ts';
import { api } from '../../../test/http.ts';
import { moduleFileProgress } from '../../schema/enrolments.table.ts';
import { scormRuntime } from '../../schema/scorm.table.ts';

/**
 * SCORM run-time conformance (issue 25, run-time half): what the RTE and CAM books ask of the
 * LMS, played through the API as the player does, on real packages where the shared test data
 * has them and on small hand-written manifests otherwise.
 */
let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  a = api(t);
});
afterAll(() => t.close());

const PAGE = '<!doctype html><html><body>SCO</body></html>';

/** A package from a manifest body: every `href` named in `files` gets a page. */
function zipOf(xml: string, files: string[]) {
  return buildZip([
    { name: 'imsmanifest.xml', content: xml },
    ...files.map((name) => ({ name, content: PAGE })),
  ]);
}

/** Uploads, puts in a course with a fresh learner, and gives the learner's calls. */
async function played(content: Buffer) {
  const up = await uploadZip(t, acme.trainer.token, 'p.zip', content);
  expect(up.statusCode, up.body).toBe(201);
  const learner = await makeUser(t.database.db, {
    organisationId: acme.org.id,
    roleId: ROLE.LEARNER,
  });
  const token = await tokenFor(t.database.db, t.config, learner, acme.org.id);
  const { moduleFile } = await courseUsing(t, acme.org.id, up.json().id, {
    createdBy: acme.trainer.user.id,
    learners: [learner.id],
  });
  const base = `/api/scorm/module-files/${moduleFile.id}/runtime/`;
  const pkg = (await a.get(`/api/scorm/files/${up.json().id}/package/`, token)).json();
  return {
    pkg,
    moduleFile,
    state: (sco: string) => a.get(`${base}?sco=${encodeURIComponent(sco)}`, token),
    /** One commit of a launch (`session`); `end` is the Terminate/LMSFinish commit. */
    commit: (sco: string, session: string, cmi: object, end = false) =>
      a.post(
        `${base}?sco=${encodeURIComponent(sco)}&attempt=1&session=${session}${end ? '&terminate=true' : ''}`,
        token,
        { cmi },
      ),
    progress: async () =>
      (
        await t.database.db
          .select()
          .from(moduleFileProgress)
          .where(eq(moduleFileProgress.moduleFileId, moduleFile.id))
      )[0],
  };
}

const real = (name: string) => readFileSync(path.join(REAL_PACKAGES, name));
type Summary = { sco: string; status: string; disabled_reason: string | null };
const doneCount = (scos: Summary[]) =>
  scos.filter((s) => s.status === 'completed' || s.status === 'passed').length;

describe.skipIf(!hasRealPackages)('real packages that complete without reporting', () => {
  it('ContentPackagingOneFilePerSCO (1.2, 18 assets): each launch completes it, then the package', async () => {
    const p = await played(real('ContentPackagingOneFilePerSCO_SCORM12.zip'));
    const ids = (p.pkg.scos as { identifier: string; launchable: boolean }[])
      .filter((s) => s.launchable)
      .map((s) => s.identifier);
    expect(ids).toHaveLength(18);
    let last: { package_completed: boolean; scos: Summary[] } | undefined;
    for (const [i, sco] of ids.entries()) {
      const state = (await p.state(sco)).json();
      expect(state.asset).toBe(true);
      // The player's one commit for an asset: nothing in it but the launch.
      const res = await p.commit(sco, `asset-${1000 + i}`, {}, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sco_status).toBe('completed');
      last = res.json();
      expect(doneCount(last!.scos)).toBe(i + 1);
      expect(last!.package_completed).toBe(i === 17);
    }
    expect((await p.progress())?.status).toBe('completed');
  });

  it('RuntimeMinimumCalls (2004, 18 SCOs): the LMS completes each attempt the SCO ends without a status', async () => {
    const p = await played(real('RuntimeMinimumCalls_SCORM20043rdEdition.zip'));
    const ids = (p.pkg.scos as { identifier: string; launchable: boolean }[])
      .filter((s) => s.launchable)
      .map((s) => s.identifier);
    expect(ids).toHaveLength(18);
    // What scorm-again sends for a SCO that only called Initialize and Terminate.
    const untouched = { completion_status: 'unknown', success_status: 'unknown', exit: '' };
    // A suspended attempt has not ended: nothing is decided for it.
    const suspended = await p.commit(ids[0]!, 'min-0000', { ...untouched, exit: 'suspend' }, true);
    expect(suspended.json().sco_status).toBe('unknown');
    let last: { package_completed: boolean; scos: Summary[] } | undefined;
    for (const [i, sco] of ids.entries()) {
      expect((await p.state(sco)).json().asset).toBe(false);
      const mid = await p.commit(sco, `min-${1000 + i}`, untouched);
      expect(mid.json().sco_status).not.toBe('completed');
      last = (await p.commit(sco, `min-${1000 + i}`, untouched, true)).json();
      expect(doneCount(last!.scos)).toBe(i + 1);
    }
    expect(last!.package_completed).toBe(true);
    expect((await p.progress())?.status).toBe('completed');
  });
});

/** A SCORM 2004 4th edition manifest around `items` and `resources` (plus a shared collection). */
const manifest2004 = (items: string, resources: string, collection = '') => `<?xml version="1.0"?>
<manifest identifier="m" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>${items}</organization></organizations>
  <resources>${resources}</resources>${collection}
</manifest>`;
const sco2004 = (id: string, extra = '') =>
  `<resource identifier="r_${id}" type="webcontent" adlcp:scormType="sco" href="${id}.html"><file href="${id}.html"/></resource>${extra}`;

describe('SCORM 2004 attempts, objectives and thresholds', () => {
  const pkg = () =>
    zipOf(
      manifest2004(
        `<item identifier="a" identifierref="r_a"><title>A</title>
           <imsss:sequencing IDRef="shared"/></item>
         <item identifier="b" identifierref="r_b"><title>B</title>
           <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>
           <imsss:sequencing><imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/></imsss:sequencing></item>`,
        sco2004('a') + sco2004('b'),
        `<imsss:sequencingCollection><imsss:sequencing ID="shared"><imsss:objectives>
           <imsss:primaryObjective objectiveID="a_primary"/>
           <imsss:objective objectiveID="a_second"/>
         </imsss:objectives></imsss:sequencing></imsss:sequencingCollection>`,
      ),
      ['a.html', 'b.html'],
    );

  it('resumes only after a suspend; after a normal exit the next launch is a new attempt with fresh data', async () => {
    const p = await played(await pkg());
    expect((await p.state('a')).json().cmi).toMatchObject({ entry: 'ab-initio' });
    const suspend = { location: 'p3', suspend_data: 'S', exit: 'suspend', session_time: 'PT30S' };
    await p.commit('a', 'sess-0001', { ...suspend, completion_status: 'incomplete' }, true);
    expect((await p.state('a')).json().cmi).toMatchObject({
      entry: 'resume',
      location: 'p3',
      suspend_data: 'S',
      total_time: 'PT30S',
    });
    // The resumed session ends normally: the SCO's attempt is over.
    await p.commit('a', 'sess-0002', { exit: 'normal', session_time: 'PT10S' }, true);
    const again = (await p.state('a')).json().cmi;
    expect(again).toMatchObject({ entry: 'ab-initio', completion_status: 'unknown' });
    expect(again.location).toBeUndefined();
    expect(again.suspend_data).toBeUndefined();
    expect(again.total_time).toBe('PT0S');
    // The new attempt's first commit starts from nothing; the time still adds up for the course.
    const fresh = await p.commit('a', 'sess-0003', { session_time: 'PT5S' });
    expect(fresh.json()).toMatchObject({ sco_status: 'not attempted', total_seconds: 45 });
    const [row] = await t.database.db
      .select()
      .from(scormRuntime)
      .where(eq(scormRuntime.scoId, p.pkg.scos[0].id));
    expect(row).toMatchObject({ scoAttempt: 2, location: null, suspendData: null });
  });

  it("initialises cmi.objectives from the manifest's objectives (shared collection included)", async () => {
    const p = await played(await pkg());
    const cmi = (await p.state('a')).json().cmi;
    expect(cmi.objectives).toEqual([{ id: 'a_primary' }, { id: 'a_second' }]);
    // Objectives the SCO wrote come first and are not repeated.
    await p.commit('a', 'obj-0001', {
      exit: 'suspend',
      objectives: { '0': { id: 'a_second', success_status: 'passed' } },
    });
    expect((await p.state('a')).json().cmi.objectives).toEqual([
      { id: 'a_second', success_status: 'passed' },
      { id: 'a_primary' },
    ]);
  });

  it('applies completionThreshold, and leaves status to content that sets it by content', async () => {
    const p = await played(await pkg());
    expect((await p.state('b')).json().cmi.completion_threshold).toBe('0.8');
    const low = await p.commit('b', 'thr-0001', { progress_measure: '0.5' });
    expect(low.json().sco_status).toBe('incomplete');
    // completionSetByContent: ending the attempt without reaching the threshold stays incomplete.
    const ended = await p.commit('b', 'thr-0001', { progress_measure: '0.5', exit: '' }, true);
    expect(ended.json().sco_status).toBe('incomplete');
    const high = await p.commit('b', 'thr-0002', { progress_measure: '0.9' });
    expect(high.json().sco_status).toBe('completed');
  });

  it('counts completed + failed as not done, on the SCO and for the package', async () => {
    const p = await played(await pkg());
    await p.commit('b', 'cfail-0001', { completion_status: 'completed', success_status: 'failed' });
    const res = await p.commit(
      'a',
      'cfail-0002',
      { completion_status: 'completed', success_status: 'failed' },
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sco_status).toBe('failed');
    expect(doneCount(res.json().scos)).toBe(0);
    expect(res.json().package_completed).toBe(false);
    expect((await p.progress())?.status).not.toBe('completed');
  });
});

/** A SCORM 1.2 manifest around `items` (resources: one SCO per `files` entry, named r_<base>). */
const manifest12 = (items: string, files: string[]) => `<?xml version="1.0"?>
<manifest identifier="m12" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>${items}</organization></organizations>
  <resources>${files
    .map(
      (f) =>
        `<resource identifier="r_${f.replace('.html', '')}" type="webcontent" adlcp:scormtype="sco" href="${f}"><file href="${f}"/></resource>`,
    )
    .join('')}</resources>
</manifest>`;

describe('SCORM 1.2 visibility and prerequisites', () => {
  it('hides isvisible="false" items and holds items back until their prerequisites are done', async () => {
    const files = ['intro.html', 'lesson.html', 'test.html', 'secret.html'];
    const p = await played(
      await zipOf(
        manifest12(
          `<item identifier="intro" identifierref="r_intro"><title>Intro</title></item>
           <item identifier="lesson" identifierref="r_lesson"><title>Lesson</title>
             <adlcp:prerequisites type="aicc_script">intro</adlcp:prerequisites></item>
           <item identifier="test" identifierref="r_test"><title>Test</title>
             <adlcp:prerequisites type="aicc_script">intro &amp; (lesson | ~intro)</adlcp:prerequisites></item>
           <item identifier="secret" identifierref="r_secret" isvisible="false"><title>Secret</title></item>`,
          files,
        ),
        files,
      ),
    );
    const listed = (p.pkg.scos as { identifier: string }[]).map((s) => s.identifier);
    expect(listed).toEqual(['intro', 'lesson', 'test']);
    expect((await p.state('secret')).statusCode).toBe(404);
    expect((await p.commit('secret', 'hid-0001', {})).statusCode).toBe(404);

    const first = (await p.state('intro')).json();
    expect(first.scos.map((s: Summary) => [s.sco, s.disabled_reason])).toEqual([
      ['intro', null],
      ['lesson', 'Complete “Intro” first.'],
      ['test', 'Complete “Intro” and “Lesson” first.'],
    ]);
    const refused = await p.state('lesson');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Complete “Intro” first.');
    expect((await p.commit('lesson', 'pre-0001', {})).statusCode).toBe(403);

    const after = await p.commit('intro', 'pre-0002', { core: { lesson_status: 'completed' } });
    expect(after.json().scos.map((s: Summary) => s.disabled_reason)).toEqual([
      null,
      null,
      'Complete “Lesson” first.',
    ]);
    expect((await p.state('lesson')).statusCode).toBe(200);
    await p.commit('lesson', 'pre-0003', { core: { lesson_status: 'passed' } });
    const all = await p.commit('test', 'pre-0004', { core: { lesson_status: 'completed' } });
    expect(all.statusCode, all.body).toBe(200);
    // The hidden item is not required: the three the learner sees complete the package.
    expect(all.json().package_completed).toBe(true);
  });
});
