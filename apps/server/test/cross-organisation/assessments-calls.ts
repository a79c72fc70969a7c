import type { IdCall, ReverseCall } from './calls.ts';

/**
 * Assessments in the cross-organisation test (see calls.ts): acme's question bank (a category
 * holding one question) and an assessment its admin built through the API, with what hangs on
 * it; objects.ts makes them. The attempts, grading and reports are in
 * assessment-attempts-calls.ts.
 */
export interface AssessmentObjects {
  question: number;
  questionCategory: number;
  /** An image uploaded for question text (its uuid), shown by another question of the bank. */
  questionImage: string;
  /** The published assessment: the bank's question and a file upload on `firstPage`. */
  assessment: number;
  assessmentUuid: string;
  firstPage: number;
  /** The empty second page (its delete is not the last page's). */
  page: number;
  /** The bank question's slot, and every slot of the first page in order. */
  slot: number;
  slots: number[];
  /** acme's learner's assignment, and their override (extra time). */
  assessmentAssignment: number;
  override: number;
  /** The learner's attempt in progress, the key it saves with, and its items. */
  attempt: number;
  session: string;
  answerItem: number;
  fileItem: number;
  /** The PDF the learner uploaded as the file item's answer. */
  attemptFile: number;
  /** A second assessment, holding the learner's submitted essay (item 0) awaiting a grade. */
  gradedAssessment: number;
  submittedAttempt: number;
  /** A draft assessment nobody attempted, and a bank question on no assessment. */
  draftAssessment: number;
  spareQuestion: number;
}

/** globex's own assessment (its trainer's) and its page: the reverse calls act on them. */
export interface AssessmentMine {
  assessment: number;
  page: number;
}

const essay = { type: 'essay', points: 1, stem: '<p>Planted</p>' };

export const ASSESSMENT_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/question/bank/:id/': { params: (f) => ({ id: f.question }) },
  'PUT /api/assessment/question/bank/:id/': {
    params: (f) => ({ id: f.question }),
    // The question has been answered: its type stays (another type is a 400, not a proof).
    body: () => ({
      title: 'Planted',
      definition: { type: 'true_false', points: 1, stem: '<p>Planted</p>', correct: false },
    }),
  },
  'GET /api/assessment/question/bank/:id/versions/': { params: (f) => ({ id: f.question }) },
  // Learners of acme see it in their attempts: acme's learner proves the address is real.
  'GET /api/assessment/question/image/:uuid/': {
    params: (f) => ({ uuid: f.questionImage }),
    owner: 'learner',
  },
  // The category is listed before the question, so its control (a delete, children first) finds
  // it empty; the question's own delete runs first.
  'PATCH /api/assessment/question/categories/:id/': {
    params: (f) => ({ id: f.questionCategory }),
    body: () => ({ name: 'Planted' }),
  },
  'DELETE /api/assessment/question/categories/:id/': {
    params: (f) => ({ id: f.questionCategory }),
  },
  'DELETE /api/assessment/question/bank/:id/': { params: (f) => ({ id: f.question }) },

  // Authoring: the assessment before its pages, slots and overrides (deletes run reversed).
  'GET /api/assessment/:id/': { params: (f) => ({ id: f.assessment }) },
  'PUT /api/assessment/:id/': {
    params: (f) => ({ id: f.assessment }),
    body: () => ({ title: 'Taken over' }),
  },
  // A draft nobody attempted: its control deletes it (the attempted one would answer 409).
  'DELETE /api/assessment/:id/': { params: (f) => ({ id: f.draftAssessment }) },
  // Before the page and slot additions (BODY_CALLS): its control names every page and slot.
  'PUT /api/assessment/:id/layout/': {
    params: (f) => ({ id: f.assessment }),
    body: (f) => ({
      pages: [
        { id: f.page, slots: [] },
        { id: f.firstPage, slots: [...f.slots].reverse() },
      ],
    }),
  },
  'POST /api/assessment/:id/regrade/': { params: (f) => ({ id: f.assessment }), body: () => ({}) },
  'PATCH /api/assessment/page/:id/': {
    params: (f) => ({ id: f.page }),
    body: () => ({ title: 'Taken over' }),
  },
  'DELETE /api/assessment/page/:id/': { params: (f) => ({ id: f.page }) },
  'PATCH /api/assessment/question/:id/': {
    params: (f) => ({ id: f.slot }),
    body: () => ({ points: 7 }),
  },
  'DELETE /api/assessment/question/:id/': { params: (f) => ({ id: f.slot }) },
  'PATCH /api/assessment/override/:id/': {
    params: (f) => ({ id: f.override }),
    body: () => ({ extra_seconds: 86_400 }),
  },
  'DELETE /api/assessment/override/:id/': { params: (f) => ({ id: f.override }) },
};

/** A read of one of the assessment's lists, named in the query. */
const ofAssessment: IdCall = {
  params: () => ({}),
  query: (f) => `?assessment=${f.assessment}`,
};

/** Naming acme's bank and assessment in the query or the body. */
export const ASSESSMENT_BODY_CALLS: Record<string, IdCall> = {
  'GET /api/assessment/question/bank/': {
    params: () => ({}),
    query: (f) => `?category=${f.questionCategory}`,
    list: true,
  },
  'GET /api/assessment/question/categories/': {
    params: () => ({}),
    query: (f) => `?parent=${f.questionCategory}`,
    list: true,
  },
  'GET /api/assessment/assessment_settings/': ofAssessment,
  'POST /api/assessment/assessment_settings/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, pass_mark: 1, password: 'taken-over' }),
  },
  'POST /api/assessment/page/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, title: 'Planted' }),
  },
  'POST /api/assessment/question/': {
    params: () => ({}),
    body: (f) => ({ kind: 'fixed', page: f.firstPage, questions: [f.spareQuestion] }),
  },
  'GET /api/assessment/assessment_assign_user/': ofAssessment,
  'POST /api/assessment/assessment_assign_user/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, departments: [f.department] }),
  },
  'DELETE /api/assessment/assessment_assign_user/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.assessment}&ids=${f.assessmentAssignment}`,
  },
  'GET /api/assessment/override/': ofAssessment,
  'POST /api/assessment/override/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, department: f.department, extra_seconds: 60 }),
  },
  'GET /api/assessment/reviewer/': ofAssessment,
  'POST /api/assessment/reviewer/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, users: [f.trainer] }),
  },
  'DELETE /api/assessment/reviewer/': {
    params: () => ({}),
    query: (f) => `?assessment=${f.assessment}&user=${f.trainer}`,
  },
  'GET /api/assessment/assessment_message/': ofAssessment,
  'POST /api/assessment/assessment_message/': {
    params: () => ({}),
    body: (f) => ({
      assessment: f.assessment,
      bands: [{ min_percent: 0, message: '<p>Taken over</p>' }],
    }),
  },
  'POST /api/assessment/make-copy/': {
    params: () => ({}),
    body: (f) => ({ assessment: f.assessment, title: 'Planted' }),
  },
  'GET /api/assessment/question/export/': {
    params: () => ({}),
    query: (f) => `?ids=${f.question}`,
  },
};

/**
 * globex's own bank and assessment naming acme's: a question filed under acme's category, acme's
 * question or a draw from acme's category on globex's page, acme's course, learner, department
 * and trainer in globex's assessment, an import into acme's category.
 */
export const ASSESSMENT_REVERSE: ReverseCall[] = [
  {
    route: 'POST /api/assessment/question/bank/',
    body: (n) => ({ title: 'Planted', category: n.questionCategory, definition: essay }),
  },
  {
    route: 'POST /api/assessment/question/categories/',
    body: (n) => ({ name: 'Planted', parent: n.questionCategory }),
  },
  {
    route: 'PUT /api/assessment/question/bank/:id/',
    params: (m) => ({ id: m.question }),
    body: (n) => ({ category: n.questionCategory }),
  },
  {
    route: 'PATCH /api/assessment/question/categories/:id/',
    params: (m) => ({ id: m.questionChild }),
    body: (n) => ({ parent: n.questionCategory }),
  },
  {
    route: 'POST /api/assessment/question/import/',
    body: (n) => ({
      parts: [
        { name: 'category', value: String(n.questionCategory) },
        {
          name: 'file',
          filename: 'q.csv',
          content: Buffer.from(
            'type,title,stem,options,answers,points\nsingle_choice,Planted,Pick one,*A;B,,1\n',
          ),
          type: 'text/csv',
        },
      ],
    }),
  },
  {
    route: 'POST /api/assessment/',
    body: (n) => ({ title: 'Planted', course: n.course }),
  },
  {
    route: 'PUT /api/assessment/:id/',
    params: (m) => ({ id: m.assessment }),
    body: (n) => ({ course: n.course }),
  },
  {
    route: 'POST /api/assessment/question/',
    body: (n, m) => ({ kind: 'fixed', page: m.page, questions: [n.question] }),
  },
  {
    route: 'POST /api/assessment/question/',
    body: (n, m) => ({ kind: 'random', page: m.page, category: n.questionCategory, draw_count: 1 }),
  },
  {
    route: 'POST /api/assessment/assessment_assign_user/',
    body: (n, m) => ({ assessment: m.assessment, users: [n.learner] }),
  },
  {
    route: 'POST /api/assessment/assessment_assign_user/',
    body: (n, m) => ({ assessment: m.assessment, departments: [n.department] }),
  },
  {
    route: 'POST /api/assessment/override/',
    body: (n, m) => ({ assessment: m.assessment, user: n.learner, extra_seconds: 60 }),
  },
  {
    route: 'POST /api/assessment/override/',
    body: (n, m) => ({ assessment: m.assessment, department: n.department, extra_seconds: 60 }),
  },
  {
    route: 'POST /api/assessment/reviewer/',
    body: (n, m) => ({ assessment: m.assessment, users: [n.trainer] }),
  },
];
