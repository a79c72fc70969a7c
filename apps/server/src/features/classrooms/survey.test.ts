import type { TSurvey } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeBooking, makeClassroomSession } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/*
 * The post-session survey: a learner who attended (fully or late) answers once, after the start,
 * the class's own questions beside the 1–5 rating.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const SURVEY = '/api/classrooms/survey/';
const QUESTIONS = ['What was most useful?', 'What would you change?'];

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

async function pastSession(startsInMinutes = -120) {
  return makeClassroomSession(db(), {
    organisationId: acme.org.id,
    session: { startsAt: new Date(Date.now() + startsInMinutes * 60_000), minutes: 60 },
    classOptions: { surveyQuestions: QUESTIONS },
  });
}

describe('survey', () => {
  it('an attendee reads the questions, answers once, and sees their answer', async () => {
    const { session } = await pastSession();
    const learner = await signedInLearner(t, acme.org.id);
    await makeBooking(db(), session, learner.user.id, 'attended');
    const before = (
      await http.get(`${SURVEY}?session=${session.id}`, learner.token)
    ).json() as TSurvey;
    expect(before).toEqual({
      session: session.id,
      questions: QUESTIONS,
      rating_scale: { min: 1, max: 5 },
      my_response: null,
      can_answer: true,
    });
    const res = await http.post(SURVEY, learner.token, {
      session: session.id,
      rating: 4,
      answers: [{ question: 'What was most useful?', answer: 'The exercises' }],
      comment: 'Thanks',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = res.json() as TSurvey;
    expect(after.can_answer).toBe(false);
    expect(after.my_response).toMatchObject({
      rating: 4,
      comment: 'Thanks',
      answers: [
        { question: 'What was most useful?', answer: 'The exercises' },
        { question: 'What would you change?', answer: '' },
      ],
    });
    const again = await http.post(SURVEY, learner.token, { session: session.id, rating: 5 });
    expect(again.statusCode).toBe(409);
  });

  it('a late (partial) attendee may answer; a no-show or a booked learner may not', async () => {
    const { session } = await pastSession();
    const late = await signedInLearner(t, acme.org.id);
    const absent = await signedInLearner(t, acme.org.id);
    const stranger = await signedInLearner(t, acme.org.id);
    await makeBooking(db(), session, late.user.id, 'partial');
    await makeBooking(db(), session, absent.user.id, 'no_show');
    expect(
      (await http.post(SURVEY, late.token, { session: session.id, rating: 2 })).statusCode,
    ).toBe(201);
    expect(
      (await http.post(SURVEY, absent.token, { session: session.id, rating: 2 })).statusCode,
    ).toBe(403);
    expect(
      (await http.post(SURVEY, stranger.token, { session: session.id, rating: 2 })).statusCode,
    ).toBe(403);
    expect(
      ((await http.get(`${SURVEY}?session=${session.id}`, absent.token)).json() as TSurvey)
        .can_answer,
    ).toBe(false);
  });

  it('not before the session starts', async () => {
    const { session } = await pastSession(60);
    const learner = await signedInLearner(t, acme.org.id);
    await makeBooking(db(), session, learner.user.id, 'attended');
    expect(
      ((await http.get(`${SURVEY}?session=${session.id}`, learner.token)).json() as TSurvey)
        .can_answer,
    ).toBe(false);
    expect(
      (await http.post(SURVEY, learner.token, { session: session.id, rating: 3 })).statusCode,
    ).toBe(409);
  });

  it('refuses a rating out of 1–5 and questions the class does not ask', async () => {
    const { session } = await pastSession();
    const learner = await signedInLearner(t, acme.org.id);
    await makeBooking(db(), session, learner.user.id, 'attended');
    const high = await http.post(SURVEY, learner.token, { session: session.id, rating: 6 });
    expect(high.statusCode).toBe(400);
    expect(high.json().errors.rating).toBeDefined();
    const unknown = await http.post(SURVEY, learner.token, {
      session: session.id,
      rating: 3,
      answers: [{ question: 'Favourite colour?', answer: 'blue' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.answers).toBeDefined();
    const twice = await http.post(SURVEY, learner.token, {
      session: session.id,
      rating: 3,
      answers: [
        { question: QUESTIONS[0], answer: 'a' },
        { question: QUESTIONS[0], answer: 'b' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    // Nothing was stored by the refusals: the learner may still answer.
    expect(
      ((await http.get(`${SURVEY}?session=${session.id}`, learner.token)).json() as TSurvey)
        .can_answer,
    ).toBe(true);
  });

  it('another organisation’s session does not exist for the caller', async () => {
    const { session } = await pastSession();
    expect(
      (await http.get(`${SURVEY}?session=${session.id}`, globex.learner.token)).statusCode,
    ).toBe(404);
    expect(
      (await http.post(SURVEY, globex.learner.token, { session: session.id, rating: 3 }))
        .statusCode,
    ).toBe(404);
  });
});
