import { ltiTools } from '../../src/schema/lti.table.ts';
import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import type { IdCall } from './calls.ts';

/**
 * LTI tools (issue 24) in the cross-organisation test: acme's registered tool, and a spare one to
 * delete. (The tool's own service calls carry their ids in the query and a tool's Bearer token,
 * not a person's: features/lti/lti.flow.test.ts checks those against the tool.)
 */
export interface LtiObjects {
  ltiTool: number;
  spareLtiTool: number;
}

export async function makeLtiObjects(t: TestApp, acme: Staff): Promise<LtiObjects> {
  const row = (n: number) => ({
    organisationId: acme.org.id,
    name: `Acme tool ${n}`,
    deploymentId: '1',
    loginUrl: 'https://tool.example.com/login',
    launchUrl: 'https://tool.example.com/launch',
    jwksUrl: 'https://tool.example.com/keys',
  });
  const [tool, spare] = await t.database.db
    .insert(ltiTools)
    .values([row(1), row(2)])
    .returning({ id: ltiTools.id });
  return { ltiTool: tool!.id, spareLtiTool: spare!.id };
}

export const LTI_CALLS: Record<string, IdCall> = {
  'PATCH /api/lti/tools/:id/': {
    params: (f) => ({ id: f.ltiTool }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/lti/tools/:id/': { params: (f) => ({ id: f.spareLtiTool }) },
};
