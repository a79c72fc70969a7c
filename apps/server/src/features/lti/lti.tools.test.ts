import { and, eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api, call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/*
 * Registering tools: what an organisation's admin does on the Tools & Plugins page, and what the
 * platform shows them to configure the tool with.
 */

let t: TestApp;
let staff: Staff;
const http = () => api(t);

const valid = {
  name: 'Quiz tool',
  deployment_id: 'd-1',
  login_url: 'https://tool.example.com/login',
  launch_url: 'https://tool.example.com/launch',
  jwks_url: 'https://tool.example.com/keys',
};

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

describe('LTI tools', () => {
  it('registers a tool with a generated client id, lists it and audits it', async () => {
    const made = await http().post('/api/lti/tools/', staff.admin.token, valid);
    expect(made.statusCode, made.body).toBe(201);
    const tool = made.json();
    expect(tool.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tool).toMatchObject({ enabled: true, links: 0, share_name: true, share_email: false });
    expect(tool.abilities).toEqual({ edit: true, delete: true });
    const list = await http().get('/api/lti/tools/?search=quiz', staff.admin.token);
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: tool.id }] });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'lti.tool_created'),
          eq(auditEvents.organisationId, staff.org.id),
        ),
      );
    expect(audit?.actorId).toBe(staff.admin.user.id);
  });

  it('accepts a pasted public key and refuses one that is not a key', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    const pem = await exportSPKI(publicKey);
    const made = await http().post('/api/lti/tools/', staff.admin.token, {
      ...valid,
      jwks_url: null,
      public_key: pem,
    });
    expect(made.statusCode, made.body).toBe(201);
    const bad = await http().post('/api/lti/tools/', staff.admin.token, {
      ...valid,
      jwks_url: null,
      public_key: '-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.public_key).toBeDefined();
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = (await http().get('/api/lti/tools/', staff.admin.token)).json().count;
    const both = await http().post('/api/lti/tools/', staff.admin.token, {
      ...valid,
      public_key: '{"kty":"RSA"}',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.jwks_url).toBeDefined();
    const badUrl = await http().post('/api/lti/tools/', staff.admin.token, {
      ...valid,
      login_url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors.login_url).toBeDefined();
    expect((await http().get('/api/lti/tools/', staff.admin.token)).json().count).toBe(before);
  });

  it('edits, disables and deletes a tool; removing its key set without a key is refused', async () => {
    const tool = (await http().post('/api/lti/tools/', staff.admin.token, valid)).json();
    const off = await http().patch(`/api/lti/tools/${tool.id}/`, staff.admin.token, {
      enabled: false,
      name: 'Quiz tool (old)',
    });
    expect(off.json()).toMatchObject({ enabled: false, name: 'Quiz tool (old)' });
    const keyless = await http().patch(`/api/lti/tools/${tool.id}/`, staff.admin.token, {
      jwks_url: null,
    });
    expect(keyless.statusCode).toBe(400);
    expect((await http().del(`/api/lti/tools/${tool.id}/`, staff.admin.token)).statusCode).toBe(
      204,
    );
    expect((await http().del(`/api/lti/tools/${tool.id}/`, staff.admin.token)).statusCode).toBe(
      404,
    );
  });

  it('is the admins’ only; trainers may list the tools that offer content', async () => {
    expect((await http().get('/api/lti/tools/', staff.trainer.token)).statusCode).toBe(403);
    expect((await http().post('/api/lti/tools/', staff.learner.token, valid)).statusCode).toBe(403);
    await http().post('/api/lti/tools/', staff.admin.token, {
      ...valid,
      name: 'Content tool',
      deep_linking_url: 'https://tool.example.com/dl',
    });
    const pick = await http().get('/api/lti/deep-linking/tools/', staff.trainer.token);
    expect(pick.json().results.map((r: { name: string }) => r.name)).toEqual(['Content tool']);
  });

  it('shows the platform details an admin copies into the tool', async () => {
    const platform = (await http().get('/api/lti/platform/', staff.admin.token)).json();
    expect(platform).toEqual({
      issuer: t.config.publicBaseUrl,
      authorization_url: `${t.config.publicBaseUrl}/api/lti/authorize/`,
      token_url: `${t.config.publicBaseUrl}/api/lti/token/`,
      jwks_url: `${t.config.publicBaseUrl}/api/lti/jwks/`,
      openid_configuration_url: `${t.config.publicBaseUrl}/api/lti/openid-configuration/?organisation=${staff.org.id}`,
      deep_linking_return_url: `${t.config.publicBaseUrl}/api/lti/deep-linking/return/`,
    });
  });

  it('answers the authorization endpoint’s bad requests with a 400, not a page', async () => {
    const res = await call(t.app, 'GET', '/api/lti/authorize/', {
      query: { response_type: 'code', scope: 'openid' },
    });
    expect(res.statusCode).toBe(400);
    const unknown = await call(t.app, 'GET', '/api/lti/authorize/', {
      query: {
        response_type: 'id_token',
        scope: 'openid',
        response_mode: 'form_post',
        nonce: 'n',
        client_id: '00000000-0000-0000-0000-000000000000',
        login_hint: '1',
        lti_message_hint: 'x',
        redirect_uri: 'https://tool.example.com/launch',
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/client_id/);
  });
});
