import { APPROVAL, ROLE } from '@atrium/contract';
import type { Database } from '../apps/server/src/core/db/database.ts';
import { hashSecret, newSecret } from '../apps/server/src/features/auth/secrets.ts';
import { authTokens } from '../apps/server/src/schema/auth.table.ts';
import { memberships, users } from '../apps/server/src/schema/users.table.ts';
import {
  assignAssessment,
  makeAssessment,
  makeQuestion,
} from '../apps/server/test/factories/assessments.ts';

const BATCH = 1_000;

export interface ExamData {
  assessmentId: number;
  uuid: string;
  userIds: number[];
  /** Sign-in keys, one per learner, in userIds' order. */
  tokens: string[];
  precreated: number;
  opensAt: Date;
}

/**
 * The exam's data: learners with a live sign-in token each (written directly: signing 1,000
 * people in through argon2 would be the bench's slowest part and measures nothing of the exam),
 * `questions` single-choice questions in the bank, one published assessment of them with a
 * 30-minute limit assigned to every learner, and the attempts pre-created as the server's job
 * does before an exam opens.
 */
export async function seedExam(
  database: Database,
  options: {
    organisationId: number;
    adminId: number;
    learners: number;
    questions: number;
    suffix: string;
    precreate: (now: Date) => Promise<number>;
  },
): Promise<ExamData> {
  const db = database.db;
  const userIds: number[] = [];
  const tokens: string[] = [];
  for (let start = 0; start < options.learners; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, options.learners - start) }, (_, k) => {
      const username = `exam_${options.suffix}_${String(start + k + 1).padStart(5, '0')}`;
      return {
        username,
        email: `${username}@bench.atrium.local`,
        firstName: 'Exam',
        lastName: `Taker ${start + k + 1}`,
        // Nobody signs in with a password: the tokens below are their sessions.
        passwordHash: 'not-a-hash',
        isActive: true,
        approvalStatus: APPROVAL.APPROVED,
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx.insert(users).values(rows).returning({ id: users.id });
      await tx.insert(memberships).values(
        inserted.map((u) => ({
          userId: u.id,
          organisationId: options.organisationId,
          roleId: ROLE.LEARNER,
          viewRoleId: ROLE.LEARNER,
        })),
      );
      const keys = inserted.map(() => newSecret());
      // Signed in over the minute before the exam, as learners arrive: a token is touched once a
      // minute of use, and tokens all made in one instant would all ask for it in the same 3 s.
      const signedInAt = () => new Date(Date.now() - Math.floor(Math.random() * 60_000));
      await tx.insert(authTokens).values(
        inserted.map((u, k) => {
          const at = signedInAt();
          return {
            userId: u.id,
            organisationId: options.organisationId,
            keyHash: hashSecret(keys[k]!),
            loginFrom: 'web',
            createdAt: at,
            lastUsedAt: at,
            expiresAt: new Date(Date.now() + 24 * 3600_000),
          };
        }),
      );
      userIds.push(...inserted.map((u) => u.id));
      tokens.push(...keys);
    });
  }
  const questionIds: number[] = [];
  for (let q = 0; q < options.questions; q++) {
    const question = await makeQuestion(db, {
      organisationId: options.organisationId,
      createdBy: options.adminId,
      type: 'single_choice',
      title: `Exam question ${q + 1}`,
    });
    questionIds.push(question.id);
  }
  const opensAt = new Date(Date.now() + 5_000);
  const assessment = await makeAssessment(db, {
    organisationId: options.organisationId,
    createdBy: options.adminId,
    questionIds,
    title: 'Bench exam',
    // Opens in a moment, so the job's pre-creation (assessments opening within two hours) runs
    // as it would before a real exam; the load starts after the opening.
    settings: { timeLimitSeconds: 30 * 60, attemptsAllowed: 1, opensAt },
  });
  await assignAssessment(db, assessment.id, userIds);
  const precreated = await options.precreate(new Date());
  return {
    assessmentId: assessment.id,
    uuid: assessment.uuid,
    userIds,
    tokens,
    precreated,
    opensAt,
  };
}
