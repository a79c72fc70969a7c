/* The proctoring screens' addresses (spec §2), built in one place so links and pages agree. */

export const PROCTORED_ASSESSMENTS_URL = '/assessment/proctor-view-old';

/** The live grid of every learner of an assessment. */
export const proctorGridUrl = (assessment: number) => `/assessment/${assessment}/proctor/`;

/** One group's cards; `session` opens that learner's card over them. */
export function proctorGroupUrl(assessment: number, group: number, session?: number) {
  const base = `/assessment/${assessment}/proctor-view-card/${group}`;
  return session === undefined ? base : `${base}?session=${session}`;
}

/**
 * One piece of evidence. The evidence id alone does not name its session (the contract has no
 * evidence-metadata read), so the session rides along in the query.
 */
export function evidenceUrl(assessment: number, group: number, evidence: number, session: number) {
  return `/assessment/${assessment}/proctor-view-card/${group}/${evidence}?session=${session}`;
}

/** The editor's settings tab, where proctoring is set up. */
export const settingsUrl = (assessment: number) =>
  `/assessment/edit-assessment/${assessment}?tab=settings`;
