import { createPrivateKey } from 'node:crypto';
import { LTI_ROLES, ROLE } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedIn } from '../../../test/auth.ts';
import { enrol, makeCourse, makeModule, makeOrganisation } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';
import { courseEnrolments, moduleFileProgress } from '../../schema/enrolments.table.ts';
import { ltiScores } from '../../schema/lti.table.ts';
import { users } from '../../schema/users.table.ts';
import {
  autoPostForm,
  Browser,
  freePort,
  type IdToken,
  startTool,
  type ToolHarness,
} from './lti.test-tool.ts';

/*
 * Atrium as an LTI 1.3 platform against a real tool: ltijs, run in this process on 127.0.0.1 and
 * registered with Atrium as an admin would. Atrium listens on a real port too (ltijs fetches its
 * key set and calls its token, AGS and NRPS endpoints over HTTP). The browser's part (redirects,
 * cookies, the auto-posted form) is played by a small client that keeps cookies.
 */

let t: TestApp;
let tool: ToolHarness;
let atrium: string;
const http = () => api(t);

beforeAll(async () => {
  const port = await freePort();
  atrium = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      PUBLIC_BASE_URL: atrium,
      OUTBOUND_ALLOW_HTTP: 'true',
      OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  tool = await startTool();
}, 60_000);

afterAll(async () => {
  await tool?.close();
  await t?.close();
});

/** The tail of a launch: login initiation at the tool, Atrium's authorization, the form post. */
async function launchThrough(browser: Browser, loginUrl: string) {
  const login = await browser.request(loginUrl);
  expect(login.status).toBe(302);
  const authorizeUrl = login.headers.get('location')!;
  expect(authorizeUrl.startsWith(`${atrium}/api/lti/authorize/`)).toBe(true);
  const page = await browser.request(authorizeUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  // The page keeps the app's rule of scripts from itself only, and may post only to the tool.
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain(`form-action ${tool.url}`);
  expect(html).not.toMatch(/<script>/);
  const form = autoPostForm(html);
  const toolCookie = browser.cookieHeader(form.action);
  const landed = await browser.follow(form.action, { form: form.fields });
  return { form, toolCookie, landed };
}

describe('LTI 1.3 platform against ltijs', () => {
  let org: Awaited<ReturnType<typeof makeOrganisation>>;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let trainer: Awaited<ReturnType<typeof signedIn>>;
  let learner: Awaited<ReturnType<typeof signedIn>>;
  let course: Awaited<ReturnType<typeof makeCourse>>;
  let module: Awaited<ReturnType<typeof makeModule>>;
  let toolId: number;
  let moduleFileId: number;
  let learnerToken: IdToken;

  beforeAll(async () => {
    const db = t.database.db;
    org = await makeOrganisation(db);
    admin = await signedIn(t, { organisationId: org.id, roleId: ROLE.ADMIN });
    trainer = await signedIn(t, { organisationId: org.id, roleId: ROLE.TRAINER });
    learner = await signedIn(t, { organisationId: org.id, roleId: ROLE.LEARNER });
    await db
      .update(users)
      .set({ firstName: 'Tara', lastName: 'Trainer' })
      .where(eq(users.id, trainer.user.id));
    await db
      .update(users)
      .set({ firstName: 'Lena', lastName: 'Learner' })
      .where(eq(users.id, learner.user.id));
    course = await makeCourse(db, {
      organisationId: org.id,
      createdBy: trainer.user.id,
      status: 'draft',
    });
    module = await makeModule(db, { course, title: 'Week 1' });
    await enrol(db, course.id, learner.user.id);

    const created = await http().post('/api/lti/tools/', admin.token, {
      name: 'ltijs test tool',
      deployment_id: 'deployment-1',
      login_url: `${tool.url}/login`,
      launch_url: `${tool.url}/`,
      deep_linking_url: `${tool.url}/`,
      jwks_url: `${tool.url}/keys`,
      share_email: true,
      custom: { course_code: 'ATR-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    toolId = created.json().id;
    const platform = (await http().get('/api/lti/platform/', admin.token)).json();
    expect(platform.issuer).toBe(atrium);
    // The tool's side of the registration, with what Atrium shows the admin.
    await tool.lti.registerPlatform({
      url: platform.issuer,
      name: 'Atrium',
      clientId: created.json().client_id,
      authenticationEndpoint: platform.authorization_url,
      accesstokenEndpoint: platform.token_url,
      authConfig: { method: 'JWK_SET', key: platform.jwks_url },
    });
  }, 60_000);

  it('publishes its key set and OpenID configuration', async () => {
    const jwks = await fetch(`${atrium}/api/lti/jwks/`).then((r) => r.json());
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const conf = await fetch(`${atrium}/api/lti/openid-configuration/?organisation=${org.id}`);
    expect(await conf.json()).toMatchObject({
      issuer: atrium,
      jwks_uri: `${atrium}/api/lti/jwks/`,
      token_endpoint: `${atrium}/api/lti/token/`,
    });
  });

  it('adds the tool’s content to a module through Deep Linking, refusing tampered and replayed responses', async () => {
    tool.nextItems = [
      {
        type: 'ltiResourceLink',
        title: 'Quiz: fractions',
        url: `${tool.url}/`,
        custom: { quiz: 'fractions' },
        lineItem: { scoreMaximum: 10, label: 'Fractions quiz' },
      },
    ];
    const start = await http().post('/api/lti/deep-linking/', trainer.token, {
      tool: toolId,
      module: module.id,
    });
    expect(start.statusCode, start.body).toBe(201);
    const { landed } = await launchThrough(new Browser(), start.json().login_url);
    expect(landed.body).toBe('deep linking');
    expect(tool.deepLinks).toHaveLength(1);
    expect(tool.deepLinks[0]!.platformContext.roles).toEqual([LTI_ROLES.instructor]);
    const jwt = tool.responses[0]!;

    // Tampered: the payload changed after the tool signed it.
    const [h, p, s] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'][0].title = 'Injected';
    const forged = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    const returnUrl = '/api/lti/deep-linking/return/';
    const post = (body: string) =>
      call(t.app, 'POST', returnUrl, {
        body: `JWT=${encodeURIComponent(body)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const tampered = await post(forged);
    expect(tampered.statusCode).toBe(400);

    const accepted = await post(jwt);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.body).toContain('1 item added to “Week 1”');
    const items = await t.database.db
      .select({ id: moduleFiles.id, name: repositoryFiles.name, kind: repositoryFiles.kind })
      .from(moduleFiles)
      .innerJoin(repositoryFiles, eq(repositoryFiles.id, moduleFiles.fileId))
      .where(eq(moduleFiles.moduleId, module.id));
    expect(items).toEqual([{ id: expect.any(Number), name: 'Quiz: fractions', kind: 'lti' }]);
    moduleFileId = items[0]!.id;

    const replayed = await post(jwt);
    expect(replayed.statusCode).toBe(400);
    const after = await t.database.db
      .select()
      .from(moduleFiles)
      .where(eq(moduleFiles.moduleId, module.id));
    expect(after).toHaveLength(1);

    // The item shows in the course as a module file of kind lti; its "file" streams nothing.
    const detail = await http().get(
      `/api/courses/file-repo/${items[0]!.id}/download/`,
      admin.token,
    );
    expect([404]).toContain(detail.statusCode);
  });

  it('launches the item for a learner: ltijs accepts the id_token with its claims', async () => {
    // Built as a draft by its trainer, then published: learners see published courses.
    await t.database.db
      .update(courses)
      .set({ status: 'published' })
      .where(eq(courses.id, course.id));
    const start = await http().post('/api/lti/launches/', learner.token, {
      module_file: moduleFileId,
    });
    expect(start.statusCode, start.body).toBe(201);
    const { landed } = await launchThrough(new Browser(), start.json().login_url);
    expect(landed.body).toBe('launched');
    expect(tool.launches).toHaveLength(1);
    learnerToken = tool.launches[0]!;
    expect(learnerToken.user).toBe(String(learner.user.id));
    expect(learnerToken.userInfo).toMatchObject({
      name: 'Lena Learner',
      email: learner.user.email,
    });
    const ctx = learnerToken.platformContext;
    expect(ctx.messageType).toBe('LtiResourceLinkRequest');
    expect(ctx.roles).toEqual([LTI_ROLES.learner]);
    expect(ctx.context).toMatchObject({ id: String(course.id), title: course.title });
    expect(ctx.resource?.title).toBe('Quiz: fractions');
    expect(ctx.custom).toEqual({ course_code: 'ATR-1', quiz: 'fractions' });
    expect(ctx.endpoint.lineitem).toMatch(/\/api\/lti\/line-item\?id=\d+$/);
  });

  it('refuses, at the tool, a replayed id_token and a tampered one', async () => {
    // Replayed: the same form post, with the cookies of the first one.
    const start = await http().post('/api/lti/launches/', learner.token, {
      module_file: moduleFileId,
    });
    const browser = new Browser();
    const first = await launchThrough(browser, start.json().login_url);
    expect(first.landed.body).toBe('launched');
    const launched = tool.launches.length;
    const replay = await browser.request(first.form.action, {
      form: first.form.fields,
      cookie: first.toolCookie,
    });
    expect(replay.status).toBe(401);

    // Tampered: a fresh launch whose id_token claims a role it was not given.
    const again = await http().post('/api/lti/launches/', learner.token, {
      module_file: moduleFileId,
    });
    const other = new Browser();
    const login = await other.request(again.json().login_url);
    const page = await other.request(login.headers.get('location')!);
    const form = autoPostForm(await page.text());
    const [h, p, s] = form.fields.id_token!.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    claims['https://purl.imsglobal.org/spec/lti/claim/roles'] = [LTI_ROLES.administrator];
    const forged = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
    const refused = await other.request(form.action, {
      form: { ...form.fields, id_token: forged },
    });
    expect(refused.status).toBe(401);
    expect(tool.launches).toHaveLength(launched);
  });

  it('refuses a second use of the same launch at the authorization endpoint', async () => {
    const start = await http().post('/api/lti/launches/', learner.token, {
      module_file: moduleFileId,
    });
    const browser = new Browser();
    const login = await browser.request(start.json().login_url);
    const authorizeUrl = login.headers.get('location')!;
    expect((await browser.request(authorizeUrl)).status).toBe(200);
    const second = await browser.request(authorizeUrl);
    expect(second.status).toBe(400);
    expect((await second.json()).message).toMatch(/used/);
  });

  it('takes a score from the tool (AGS) and completes the item in the learner’s progress', async () => {
    const { lineItems } = await tool.lti.Grade.getLineItems(learnerToken, { resourceLinkId: true });
    expect(lineItems).toHaveLength(1);
    expect(lineItems[0]!.label).toBe('Fractions quiz');
    await tool.lti.Grade.submitScore(learnerToken, lineItems[0]!.id, {
      scoreGiven: 8,
      scoreMaximum: 10,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    const [score] = await t.database.db
      .select()
      .from(ltiScores)
      .where(eq(ltiScores.userId, learner.user.id));
    expect(score).toMatchObject({
      scoreGiven: 8,
      scoreMaximum: 10,
      gradingProgress: 'FullyGraded',
    });
    const [enrolment] = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(
        and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, learner.user.id)),
      );
    const [done] = await t.database.db
      .select()
      .from(moduleFileProgress)
      .where(
        and(
          eq(moduleFileProgress.enrolmentId, enrolment!.id),
          eq(moduleFileProgress.moduleFileId, moduleFileId),
        ),
      );
    expect(done?.status).toBe('completed');
    // The only required item: the course is complete too.
    const [course2] = await t.database.db
      .select()
      .from(courseEnrolments)
      .where(eq(courseEnrolments.id, enrolment!.id));
    expect(course2!.status).toBe('completed');
  });

  it('lists the course’s members with their roles (NRPS)', async () => {
    const { members } = await tool.lti.NamesAndRoles.getMembers(learnerToken);
    const byId = Object.fromEntries(members.map((m) => [m.user_id, m]));
    expect(byId[String(learner.user.id)]?.roles).toEqual([LTI_ROLES.learner]);
    expect(byId[String(trainer.user.id)]?.roles).toEqual([LTI_ROLES.instructor]);
    expect(byId[String(trainer.user.id)]?.name).toBe('Tara Trainer');
  });

  it('refuses service calls without a valid token, and a replayed client assertion', async () => {
    const items = await call(t.app, 'GET', `/api/lti/line-items/?course=${course.id}`);
    expect(items.statusCode).toBe(401);
    const bad = await call(t.app, 'GET', `/api/lti/line-items/?course=${course.id}`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBeTruthy();

    // A client assertion signed with the tool's own key (ltijs keeps it per platform), sent twice.
    const platform = await tool.lti.getPlatform(atrium, learnerToken.clientId);
    const key = createPrivateKey(await platform.platformPrivateKey());
    const assertion = await new SignJWT({ jti: `jti-${Date.now()}` })
      .setProtectedHeader({ alg: 'RS256', kid: await platform.platformKid() })
      .setIssuer(learnerToken.clientId)
      .setSubject(learnerToken.clientId)
      .setAudience(`${atrium}/api/lti/token/`)
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
    const grant = () =>
      call(t.app, 'POST', '/api/lti/token/', {
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await grant();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
    });
    // The score scope does not read line items.
    const scoped = await call(t.app, 'GET', `/api/lti/line-items/?course=${course.id}`, {
      headers: { authorization: `Bearer ${first.json().access_token}` },
    });
    expect(scoped.statusCode).toBe(403);
    const replayed = await grant();
    expect(replayed.statusCode).toBe(400);
  });

  it('keeps tools to their organisation: another organisation’s admin gets 404', async () => {
    const other = await makeOrganisation(t.database.db);
    const foreign = await signedIn(t, { organisationId: other.id, roleId: ROLE.ADMIN });
    expect(
      (await http().patch(`/api/lti/tools/${toolId}/`, foreign.token, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await http().del(`/api/lti/tools/${toolId}/`, foreign.token)).statusCode).toBe(404);
    const list = await http().get('/api/lti/tools/', foreign.token);
    expect(list.json().results).toEqual([]);
    // Nor can they start a deep-linking request with it.
    const module2 = await makeModule(t.database.db, {
      course: await makeCourse(t.database.db, { organisationId: other.id, status: 'draft' }),
    });
    const dl = await http().post('/api/lti/deep-linking/', foreign.token, {
      tool: toolId,
      module: module2.id,
    });
    expect(dl.statusCode).toBe(404);
  });

  it('refuses to delete a tool that module items launch', async () => {
    const refused = await http().del(`/api/lti/tools/${toolId}/`, admin.token);
    expect(refused.statusCode).toBe(409);
    const [stillThere] = await t.database.db
      .select()
      .from(courseModules)
      .where(eq(courseModules.id, module.id));
    expect(stillThere).toBeDefined();
  });
});
