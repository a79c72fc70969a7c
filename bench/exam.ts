/**
 * `npm run bench:exam`: the synchronised exam start (issue 16). EXAM_LEARNERS learners (1,000)
 * assigned to one timed assessment of 20 questions start within 10 s, each saves an answer
 * every 3 s, then submits. Reported separately for start, save and submit: p50/p95/p99 and
 * errors; the target is 0 errors and p95 < 300 ms for each, with exactly one graded
 * submission per learner, the load generator on the same machine.
 *
 * The baseline of the same run: the same learners on the same schedule against the bare
 * Fastify + pg server (one indexed select per request), so "vs baseline" reads how much of the
 * latency is Atrium's work rather than the machine's. Never part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/core/context.ts';
import { openDatabase, queryRows } from '../apps/server/src/core/db/database.ts';
import { EventBus } from '../apps/server/src/core/events/event-bus.ts';
import { precreateAttempts } from '../apps/server/src/features/assessments/index.ts';
import { seedDemo } from '../apps/server/src/features/demo/index.ts';
import { findDefaultOrganisation } from '../apps/server/src/features/organisations/index.ts';
import { users } from '../apps/server/src/schema/users.table.ts';
import { createBenchDatabase, dropBenchDatabase, postgresVersion } from './dataset.ts';
import { type ExamData, seedExam } from './exam-data.ts';
import { startBenchServers } from './lib/servers.ts';
import { Client, Recorder, type Summary, timeline } from './lib/vu-load.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'atrium_bench_exam';
const LEARNERS = Number(process.env.EXAM_LEARNERS ?? 1_000);
const QUESTIONS = 20;
const START_WINDOW_MS = 10_000;
const SAVE_EVERY_MS = Number(process.env.EXAM_SAVE_EVERY_MS ?? 3_000);
/** Saves per learner (profiling one kind of request: EXAM_SAVES=0 leaves starts and submits). */
const SAVES = Math.min(QUESTIONS, Number(process.env.EXAM_SAVES ?? QUESTIONS));
const TARGET_P95_MS = 300;
/** Sockets per server: learners share keep-alive connections, as behind a proxy. */
const SOCKETS = Number(process.env.EXAM_SOCKETS ?? 100);
const LABELS = ['start', 'save', 'submit'] as const;

const cleanups: (() => Promise<void> | void)[] = [];
/** The log the pre-create job gets: its warnings (an exam it cannot draw) matter here. */
const quietLog = { warn: console.warn, error: console.error, info: () => {}, debug: () => {} };
async function cleanUp() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup:', err instanceof Error ? err.message : err);
    }
  }
}

/**
 * The warm-up before the measured exam (as the other journeys warm up before measuring): a
 * small exam of its own, every kind of request on a quick schedule, so the measured one meets a
 * server whose code the JIT has compiled, as a long-running server's is. Not recorded.
 */
const WARMUP_LEARNERS = Number(process.env.EXAM_WARMUP_LEARNERS ?? 100);

interface Schedule {
  learners: number;
  windowMs: number;
  saveEveryMs: number;
}
const MEASURED: Schedule = {
  learners: LEARNERS,
  windowMs: START_WINDOW_MS,
  saveEveryMs: SAVE_EVERY_MS,
};
const WARMUP: Schedule = { learners: WARMUP_LEARNERS, windowMs: 2_000, saveEveryMs: 200 };

/** Spread the starts evenly over the window, with a little jitter. */
const startDelay = (i: number, s: Schedule = MEASURED) =>
  Math.floor((i / s.learners) * s.windowMs + Math.random() * (s.windowMs / s.learners));

/** The same schedule against the baseline: 1 + 20 + 1 requests per learner. */
async function baselineLearner(client: Client, rec: Recorder, i: number, userId: number) {
  await sleep(startDelay(i));
  const hit = async (label: (typeof LABELS)[number]) => {
    const r = await client.request('GET', `/baseline/users/${userId}`);
    rec.add({ label, ms: r.ms, status: r.status }, r.body.slice(0, 200));
  };
  await hit('start');
  for (let q = 0; q < SAVES; q++) {
    await sleep(SAVE_EVERY_MS);
    await hit('save');
  }
  await hit('submit');
}

interface StartBody {
  session: string;
  attempt: {
    id: number;
    pages: { items: { item: number; question: { options?: { id: string }[] } }[] }[];
  };
}

async function atriumLearner(
  client: Client,
  rec: Recorder,
  i: number,
  exam: ExamData,
  schedule: Schedule = MEASURED,
) {
  const token = exam.tokens[i]!;
  await sleep(startDelay(i, schedule));
  const started = await client.request('POST', `/api/assessment/start/${exam.uuid}/`, {
    token,
    body: {},
  });
  rec.add({ label: 'start', ms: started.ms, status: started.status }, started.body.slice(0, 200));
  if (started.status !== 200 && started.status !== 201) return;
  const { session, attempt } = JSON.parse(started.body) as StartBody;
  const items = attempt.pages.flatMap((p) => p.items);
  for (const item of items.slice(0, SAVES)) {
    await sleep(schedule.saveEveryMs);
    const option = item.question.options?.[0]?.id ?? 'a';
    const saved = await client.request('PUT', `/api/assessment/attempt/${attempt.id}/answers/`, {
      token,
      body: {
        session,
        answers: [{ item: item.item, answer: { type: 'single_choice', selected: option }, seq: 1 }],
      },
    });
    rec.add({ label: 'save', ms: saved.ms, status: saved.status }, saved.body.slice(0, 200));
  }
  const submitted = await client.request('POST', `/api/assessment/attempt/${attempt.id}/submit/`, {
    token,
    body: { session },
  });
  rec.add(
    { label: 'submit', ms: submitted.ms, status: submitted.status },
    submitted.body.slice(0, 200),
  );
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
function table(atrium: Summary[], baseline: Summary[]) {
  const lines = [
    '  request  learners  requests  errors  p50 ms  p95 ms  p99 ms  max ms  baseline p95  vs baseline',
    '  -------  --------  --------  ------  ------  ------  ------  ------  ------------  -----------',
  ];
  for (const a of atrium) {
    const b = baseline.find((s) => s.label === a.label)!;
    const ratio = a.p95 > 0 && b.requests > 0 ? (b.p95 / a.p95).toFixed(2) : '-';
    lines.push(
      `  ${a.label.padEnd(7)}  ${pad(LEARNERS, 8)}  ${pad(a.requests, 8)}  ${pad(a.errors, 6)}  ${pad(Math.round(a.p50), 6)}  ${pad(Math.round(a.p95), 6)}  ${pad(Math.round(a.p99), 6)}  ${pad(Math.round(a.max), 6)}  ${pad(Math.round(b.p95), 12)}  ${pad(`${ratio}x`, 11)}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const cpus = os.cpus();
  console.log(
    `exam burst: ${cpus.length} x ${cpus[0]?.model.trim()}, Node ${process.version}, PostgreSQL ${await postgresVersion(ADMIN_URL)}; ${LEARNERS} learners, ${QUESTIONS} questions, starts within ${START_WINDOW_MS / 1000} s, a save every ${SAVE_EVERY_MS / 1000} s`,
  );
  cleanups.push(() => dropBenchDatabase(ADMIN_URL, DATABASE));
  const dbUrl = await createBenchDatabase(ADMIN_URL, DATABASE);
  const database = openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 4 });
  cleanups.push(() => database.close());
  await database.migrate();
  const bus = new EventBus({ error: console.error });
  await seedDemo({ db: database.db, bus });
  const organisation = await findDefaultOrganisation(database.db);
  const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
  if (!organisation || !admin) throw new Error('seedDemo did not create the organisation/admin.');
  const seeded = performance.now();
  const exam = await seedExam(database, {
    organisationId: organisation.id,
    adminId: admin.id,
    learners: LEARNERS,
    questions: QUESTIONS,
    suffix: randomBytes(2).toString('hex'),
    // The job's own function: the attempts and their prepared draws, as before a real exam.
    precreate: (now) =>
      precreateAttempts({ db: database.db, bus, log: quietLog } as unknown as AppContext, now),
  });
  const warmup =
    WARMUP_LEARNERS > 0
      ? await seedExam(database, {
          organisationId: organisation.id,
          adminId: admin.id,
          learners: WARMUP_LEARNERS,
          questions: QUESTIONS,
          suffix: `w${randomBytes(2).toString('hex')}`,
          precreate: (now) =>
            precreateAttempts(
              { db: database.db, bus, log: quietLog } as unknown as AppContext,
              now,
            ),
        })
      : null;
  await database.db.execute(sql`vacuum (analyze)`);
  console.log(
    `seeded ${LEARNERS} learners with tokens, ${QUESTIONS} questions, the assessment (assigned, ${exam.precreated} attempts pre-created) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-exam-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const servers = await startBenchServers({
    dbUrl,
    dataDir,
    poolSize: 10,
    baselineReadyPath: `/baseline/users/${exam.userIds[0]}`,
    onStarted: (server) => cleanups.push(() => server.stop()),
    // EXAM_PROFILE=<dir>: a CPU profile of Atrium's process, written when it stops.
    // EXAM_NODE_ARGS: more flags for Atrium's node (trying a GC setting, say).
    atriumNodeArgs: [
      ...(process.env.EXAM_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.EXAM_PROFILE}`]
        : []),
      ...(process.env.EXAM_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });

  const baseRec = new Recorder();
  // EXAM_SKIP_BASELINE=1 while profiling Atrium alone; the ratios then read '-'.
  if (!process.env.EXAM_SKIP_BASELINE) {
    console.log('baseline: the same schedule...');
    const baseClient = new Client(servers.baselineUrl, SOCKETS);
    await Promise.all(exam.userIds.map((id, i) => baselineLearner(baseClient, baseRec, i, id)));
    baseClient.close();
  }

  // Without the baseline's 70 s in between, the exams may not have opened yet.
  await sleep(
    Math.max(0, exam.opensAt.getTime() - Date.now(), (warmup?.opensAt.getTime() ?? 0) - Date.now()),
  );
  if (warmup) {
    console.log(`atrium warm-up: an exam of ${WARMUP_LEARNERS} learners, not recorded...`);
    const warmClient = new Client(servers.atriumUrl, SOCKETS);
    const warmRec = new Recorder();
    await Promise.all(
      warmup.userIds.map((_, i) => atriumLearner(warmClient, warmRec, i, warmup, WARMUP)),
    );
    warmClient.close();
    const failed = warmRec.samples.filter((x) => x.status < 200 || x.status >= 300).length;
    if (failed > 0)
      console.log(`warm-up: ${failed} failed requests\n  ${warmRec.failures.join('\n  ')}`);
  }
  console.log('atrium: start, save every 3 s, submit...');
  const rec = new Recorder();
  const client = new Client(servers.atriumUrl, SOCKETS);
  const began = performance.now();
  await Promise.all(exam.userIds.map((_, i) => atriumLearner(client, rec, i, exam)));
  client.close();
  console.log(`load done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  console.log(
    `p95 by when the request was sent:\n${timeline(rec, LABELS, began, Number(process.env.EXAM_BUCKET_MS ?? 5000))}`,
  );

  // Exactly one graded submission per learner: the attempts, and the graded events published.
  const [check] = await queryRows<{
    learners: number;
    submitted: number;
    graded_events: number;
    distinct_graded: number;
  }>(
    database.db,
    sql`
    select
      (select count(distinct user_id)::int from assessment_attempts
        where assessment_id = ${exam.assessmentId}) as learners,
      (select count(*)::int from assessment_attempts
        where assessment_id = ${exam.assessmentId} and status in ('submitted', 'graded')) as submitted,
      (select count(*)::int from event_outbox where name = 'assessment.graded'
        and (payload->>'assessmentId')::int = ${exam.assessmentId}) as graded_events,
      (select count(distinct payload->>'attemptId')::int from event_outbox
        where name = 'assessment.graded' and (payload->>'assessmentId')::int = ${exam.assessmentId}) as distinct_graded
  `,
  );

  const atriumFigures = LABELS.map((l) => rec.summary(l));
  const baselineFigures = LABELS.map((l) => baseRec.summary(l));
  console.log(`\n${table(atriumFigures, baselineFigures)}\n`);
  console.log(
    `attempts: ${check?.submitted} submitted of ${LEARNERS} learners (${check?.learners} with an attempt); assessment.graded events: ${check?.graded_events} for ${check?.distinct_graded} distinct attempts`,
  );
  if (rec.failures.length > 0) console.log(`first failures:\n  ${rec.failures.join('\n  ')}`);
  const ok =
    atriumFigures.every((f) => f.errors === 0 && f.p95 < TARGET_P95_MS) &&
    check?.submitted === LEARNERS &&
    check?.graded_events === LEARNERS &&
    check?.distinct_graded === LEARNERS;
  console.log(
    ok
      ? `PASS: 0 errors, p95 < ${TARGET_P95_MS} ms for start, save and submit, one graded submission per learner`
      : 'FAIL: see the figures above',
  );
  return ok ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error('\nexam bench failed:', err instanceof Error ? err.message : err);
} finally {
  await cleanUp();
}
process.exit(exitCode);
