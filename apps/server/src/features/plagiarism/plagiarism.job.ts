import { SUBMISSION_MAX_BYTES } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { defineJob, defineSubscriber } from '../../core/module.ts';
import {
  plagiarismChecks,
  plagiarismFingerprints,
  plagiarismMatches,
} from '../../schema/plagiarism.table.ts';
import { submissionSource } from '../learning/index.ts';
import { compare, percent } from './plagiarism.compare.ts';
import { EXTRACTABLE } from './plagiarism.extract.ts';
import { extractInWorker } from './plagiarism.pool.ts';
import type { Fingerprint } from './plagiarism.winnow.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Extract, fingerprint and compare one submission (`run` guards against a replaced one). */
    'plagiarism.check': { checkId: number; run: number };
  }
}

/** Attempts of a check job: only infrastructure errors are retried, never a bad file. */
const MAX_ATTEMPTS = 3;
const INSERT_BATCH = 10_000;

/**
 * On every (re)submission: the submission's check row goes (back) to `queued` with a new run
 * number and a job is queued in the same transaction. Idempotent per event: a second delivery of
 * the same event finds the check already queued for this submission time and queues nothing.
 */
async function queueCheck(ctx: AppContext, submissionId: number) {
  const source = await submissionSource(ctx, submissionId);
  if (!source) return; // deleted since
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(plagiarismChecks)
      .where(eq(plagiarismChecks.submissionId, submissionId))
      .for('update');
    if (existing && existing.submittedAt.getTime() === source.submittedAt.getTime()) return;
    const values = {
      organisationId: source.organisationId,
      courseId: source.courseId,
      assignmentId: source.assignmentId,
      userId: source.userId,
      status: 'queued' as const,
      error: null,
      score: null,
      text: '',
      submittedAt: source.submittedAt,
      checkedAt: null,
    };
    let id: number;
    let run = 1;
    if (existing) {
      run = existing.run + 1;
      id = existing.id;
      await tx
        .update(plagiarismChecks)
        .set({ ...values, run })
        .where(eq(plagiarismChecks.id, id));
      await clearResults(tx, id);
    } else {
      const [row] = await tx
        .insert(plagiarismChecks)
        .values({ submissionId, ...values })
        .returning({ id: plagiarismChecks.id });
      id = row!.id;
    }
    await enqueue(tx, 'plagiarism.check', [{ checkId: id, run }], { maxAttempts: MAX_ATTEMPTS });
  });
}

async function clearResults(tx: DbOrTx, checkId: number) {
  await tx.delete(plagiarismFingerprints).where(eq(plagiarismFingerprints.checkId, checkId));
  await tx.delete(plagiarismMatches).where(eq(plagiarismMatches.checkId, checkId));
}

const extOf = (name: string | null) => {
  const dot = name?.lastIndexOf('.') ?? -1;
  return dot >= 0 ? name!.slice(dot + 1).toLowerCase() : null;
};

/** The job: read the file, extract and fingerprint it in a worker, compare, store. */
export async function runCheck(ctx: AppContext, checkId: number, run: number) {
  const current = () => and(eq(plagiarismChecks.id, checkId), eq(plagiarismChecks.run, run));
  const [check] = await ctx.db.select().from(plagiarismChecks).where(current());
  // Replaced by a newer run, or finished by an earlier copy of this job.
  if (!check || check.status === 'done' || check.status === 'failed') return;
  await ctx.db.update(plagiarismChecks).set({ status: 'running' }).where(current());
  const source = await submissionSource(ctx, check.submissionId);
  if (!source) return;
  const fail = async (reason: string) => {
    await ctx.db
      .update(plagiarismChecks)
      .set({ status: 'failed', error: reason, checkedAt: new Date() })
      .where(current());
  };

  const ext = extOf(source.fileName);
  const readable = ext !== null && (EXTRACTABLE as readonly string[]).includes(ext);
  if (source.fileKey && !readable && !source.text) {
    return fail(`Text cannot be read from .${ext ?? '?'} files (only PDF, DOCX, ODT, TXT).`);
  }
  const bytes = readable ? await source.readFile(SUBMISSION_MAX_BYTES) : null;
  const out = await extractInWorker(
    {
      bytes: bytes ? new Uint8Array(bytes) : null,
      ext: readable ? ext : null,
      inline: source.text,
    },
    ctx.config.spreadsheet,
  );
  if (!out.ok) return fail(out.reason);
  const mine: Fingerprint[] = [];
  for (let i = 0; i < out.fingerprints.length; i += 3) {
    mine.push({
      hash: out.fingerprints[i]!,
      start: out.fingerprints[i + 1]!,
      end: out.fingerprints[i + 2]!,
    });
  }
  if (mine.length === 0) return fail('The submission has too little text to compare.');

  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(plagiarismChecks).where(current()).for('update');
    if (locked?.status !== 'running') return;
    await clearResults(tx, checkId);
    for (let i = 0; i < mine.length; i += INSERT_BATCH) {
      await tx.insert(plagiarismFingerprints).values(
        mine.slice(i, i + INSERT_BATCH).map((f) => ({
          checkId,
          organisationId: locked.organisationId,
          ...f,
        })),
      );
    }
    const { coverage, pairs } = await compare(tx, locked.organisationId, checkId, mine);
    if (pairs.length) {
      await tx.insert(plagiarismMatches).values(
        pairs.map((p) => ({
          checkId,
          otherCheckId: p.otherCheckId,
          score: percent(p.share),
          passages: p.passages,
        })),
      );
    }
    await tx
      .update(plagiarismChecks)
      .set({
        status: 'done',
        score: percent(coverage),
        text: out.text,
        checkedAt: sql`now()`,
      })
      .where(eq(plagiarismChecks.id, checkId));
  });
}

export const plagiarismJobs = [
  // Extraction can take a while (a long PDF): the long lane keeps short jobs from waiting.
  defineJob({
    type: 'plagiarism.check',
    lane: 'long',
    handle: (ctx, { checkId, run }) => runCheck(ctx, checkId, run),
  }),
];

export const plagiarismSubscribers = [
  defineSubscriber({
    event: 'assignment.submitted',
    name: 'plagiarism-check-submission',
    handle: (ctx, { submissionId }) => queueCheck(ctx, submissionId),
  }),
];
