import { PNG } from '../factories/catalogue.ts';
import type { IdCall } from './calls.ts';

/**
 * Proctoring in the cross-organisation test (see calls.ts): a proctored, live assessment of
 * acme's that acme's learner is taking under monitoring, with one flag (and its still) and a
 * thumbnail; objects.ts makes them through the API.
 */
export interface ProctoringObjects {
  proctoredAssessment: number;
  proctoredUuid: string;
  proctorAttempt: number;
  proctorSession: number;
  proctorFlag: number;
  proctorEvidence: number;
}

const frame = { name: 'frame', filename: 'frame.png', content: PNG, type: 'image/png' };

export const PROCTORING_CALLS: Record<string, IdCall> = {
  'GET /api/proctor/consent/:uuid/': {
    params: (f) => ({ uuid: f.proctoredUuid }),
    owner: 'learner',
  },
  'GET /api/proctor/evidence/:id/': { params: (f) => ({ id: f.proctorEvidence }) },
  'GET /api/proctor/evidence/thumbnail/:session/': {
    params: (f) => ({ session: f.proctorSession }),
  },
  'PATCH /api/proctor/flag/:id/': {
    params: (f) => ({ id: f.proctorFlag }),
    body: () => ({ decision: 'dismissed', comment: 'Planted' }),
  },
  'GET /api/proctor/result/:attempt/': {
    params: (f) => ({ attempt: f.proctorAttempt }),
    owner: 'learner',
  },
};

export const PROCTORING_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/proctor/settings/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.proctoredAssessment}`,
  },
  'PUT /api/assessment/proctor/settings/': {
    params: () => ({}),
    body: (f) => ({
      assessment: f.proctoredAssessment,
      mode: 'live',
      signals: ['no_face'],
      look_away_seconds: 5,
      no_face_seconds: 5,
      identity_check: 'none',
      violation_budget: null,
      auto_submit: false,
      retention_days: 30,
    }),
  },
  'GET /api/assessment/proctor/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.proctoredAssessment}`,
  },
  'GET /api/assessment/proctor/detail/': {
    params: () => ({}),
    query: (f) => `?session=${f.proctorSession}`,
  },
  'GET /api/proctor/false-flags/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.proctoredAssessment}`,
  },
  'POST /api/proctor/decision/': {
    params: () => ({}),
    body: (f) => ({ session: f.proctorSession, outcome: 'clear', comment: 'Planted' }),
  },
  'POST /api/proctor/message/': {
    params: () => ({}),
    body: (f) => ({ session: f.proctorSession, text: 'Planted' }),
  },
  'POST /api/proctor/proctoring_login/': {
    params: () => ({}),
    body: (f) => ({ attempt: f.proctorAttempt }),
    owner: 'learner',
  },
  'POST /api/proctor/heartbeat/': {
    params: () => ({}),
    body: (f) => ({ session: f.proctorSession, camera: true, visible: true }),
    owner: 'learner',
  },
  'POST /api/proctor/message/read/': {
    params: () => ({}),
    body: (f) => ({ session: f.proctorSession, messages: [] }),
    owner: 'learner',
  },
  'POST /api/proctor/upload_frame/': {
    params: () => ({}),
    body: (f) => ({
      parts: [
        { name: 'session', value: String(f.proctorSession) },
        { name: 'type', value: 'no_face' },
        { name: 'occurred_at', value: new Date().toISOString() },
        frame,
      ],
    }),
    owner: 'learner',
  },
  'POST /api/proctor/update_file_repo/': {
    params: () => ({}),
    body: (f) => ({ parts: [{ name: 'flag', value: String(f.proctorFlag) }, frame] }),
    owner: 'learner',
  },
  'POST /api/proctor/thumbnail/': {
    params: () => ({}),
    body: (f) => ({ parts: [{ name: 'session', value: String(f.proctorSession) }, frame] }),
    owner: 'learner',
  },
  'POST /api/proctor/identity/': {
    params: () => ({}),
    body: (f) => ({
      parts: [
        { name: 'session', value: String(f.proctorSession) },
        { ...frame, name: 'photo' },
      ],
    }),
    owner: 'learner',
  },
};
