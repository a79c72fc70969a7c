import type { Body, IdCall } from './calls.ts';

/**
 * Competencies in the cross-organisation test (see calls.ts): acme's framework with two
 * competencies (two linked to acme's course, with thresholds), spares the delete controls
 * remove, and a second framework to delete.
 */
export interface CompetencyObjects {
  framework: number;
  spareFramework: number;
  competency: number;
  otherCompetency: number;
  spareCompetency: number;
  threshold: number;
  spareThreshold: number;
  competencyLink: number;
  spareCompetencyLink: number;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<{ id: number } & Record<string, unknown>>;

export async function makeCompetencyObjects(
  json: Json,
  admin: string,
  courseId: number,
): Promise<CompetencyObjects> {
  const framework = await json(admin, 'POST', '/api/competency_framework/', { name: 'Nursing' });
  const spareFramework = await json(admin, 'POST', '/api/competency_framework/', {
    name: 'Spare framework',
  });
  const add = (code: string) =>
    json(admin, 'POST', '/api/competency/', { framework_id: framework.id, code, name: code });
  const competency = await add('N1');
  const otherCompetency = await add('N2');
  const spareCompetency = await add('N3');
  const linked = await add('N4');
  const threshold = await json(admin, 'POST', '/api/threshold/', {
    competency_id: competency.id,
    level: 2,
  });
  const spareThreshold = await json(admin, 'POST', '/api/threshold/', {
    competency_id: otherCompetency.id,
    level: 1,
  });
  const link = await json(admin, 'POST', '/api/competency_course/', {
    competency_id: competency.id,
    target_type: 'course',
    target_id: courseId,
    outcome: 'complete',
    level: 2,
  });
  const spareLink = await json(admin, 'POST', '/api/competency_course/', {
    competency_id: linked.id,
    target_type: 'course',
    target_id: courseId,
    level: 1,
  });
  return {
    framework: framework.id,
    spareFramework: spareFramework.id,
    competency: competency.id,
    otherCompetency: otherCompetency.id,
    spareCompetency: spareCompetency.id,
    threshold: threshold.id,
    spareThreshold: spareThreshold.id,
    competencyLink: link.id,
    spareCompetencyLink: spareLink.id,
  };
}

export const COMPETENCY_CALLS: Record<string, IdCall> = {
  'GET /api/competency_framework/:id/': { params: (f) => ({ id: f.framework }) },
  'PATCH /api/competency_framework/:id/': {
    params: (f) => ({ id: f.framework }),
    body: () => ({ description: 'Planted' }),
  },
  'DELETE /api/competency_framework/:id/': { params: (f) => ({ id: f.spareFramework }) },
  'POST /api/competency_framework/:id/import_csv/': {
    params: (f) => ({ id: f.framework }),
    body: () => ({ csv: 'code,name\nPLANTED,Planted' }),
  },
  'PATCH /api/competency/:id/': {
    params: (f) => ({ id: f.competency }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/competency/:id/': { params: (f) => ({ id: f.spareCompetency }) },
  'PATCH /api/threshold/:id/': {
    params: (f) => ({ id: f.threshold }),
    body: () => ({ level: 3 }),
  },
  'DELETE /api/threshold/:id/': { params: (f) => ({ id: f.spareThreshold }) },
  'PATCH /api/competency_course/:id/': {
    params: (f) => ({ id: f.competencyLink }),
    body: () => ({ level: 3 }),
  },
  'DELETE /api/competency_course/:id/': { params: (f) => ({ id: f.spareCompetencyLink }) },
};

export const COMPETENCY_BODY_CALLS: Record<string, IdCall> = {
  'POST /api/competency/': {
    params: () => ({}),
    body: (f) => ({ framework_id: f.framework, code: 'PLANT', name: 'Planted' }),
  },
  'POST /api/threshold/': {
    params: () => ({}),
    body: (f) => ({ competency_id: f.otherCompetency, department_id: f.department, level: 1 }),
  },
  'GET /api/threshold/': { params: () => ({}), query: (f) => `?framework_id=${f.framework}` },
  'POST /api/competency_course/': {
    params: () => ({}),
    body: (f) => ({
      competency_id: f.otherCompetency,
      target_type: 'course',
      target_id: f.course,
      level: 1,
    }),
  },
  'GET /api/competency_course/': {
    params: () => ({}),
    query: (f) => `?framework_id=${f.framework}`,
  },
  'POST /api/competency/evidence/': {
    params: () => ({}),
    body: (f) => ({ user_id: f.learner, competency_id: f.competency, level: 1, note: 'Planted' }),
  },
  'GET /api/competency/profile/': { params: () => ({}), query: (f) => `?user_id=${f.learner}` },
  'GET /api/competency/gaps/': {
    params: () => ({}),
    query: (f) => `?framework_id=${f.framework}`,
  },
};
