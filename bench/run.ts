/**
 * `npm run bench`: one run, on this machine, of a bare Fastify + pg baseline
 * and Atrium's own routes, both as child processes against the same seeded
 * PostgreSQL database. Prints req/s, p50/p99 latency and each route's ratio to
 * the baseline, and keeps a JSON copy in bench/results/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createBenchDatabase,
  type DatasetSummary,
  dropBenchDatabase,
  postgresVersion,
  seedDataset,
} from './dataset.ts';
import {
  DEMO_ADMIN,
  DEMO_LEARNER,
  type Journey,
  journeysFor,
  LOGIN_PATH,
  signIn,
} from './journeys.ts';
import { type LoadOptions, type Measurement, measure, stopLoad } from './lib/measure.ts';
import { buildReport, formatReport, type Skipped, saveReport } from './lib/report.ts';
import { startBenchServers } from './lib/servers.ts';
import { readSettings } from './lib/settings.ts';
import { awaitReportSummaries } from './reports-ready.ts';
import { awaitSearchIndex } from './search-ready.ts';

const RESULTS_DIR = new URL('./results/', import.meta.url);

/** Undo steps, run last-in first-out exactly once: on success, failure or a signal. */
const cleanups: { label: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    // Dropping the database (with force) ends connections still open in this
    // process, e.g. an interrupted seed; their pools' errors must not abort cleanup.
    process.on('uncaughtException', (err) => {
      console.error(`cleanup: ignored ${err instanceof Error ? err.message : err}`);
    });
    stopLoad();
    for (const step of cleanups.reverse()) {
      try {
        await step.run();
      } catch (err) {
        console.error(`cleanup: ${step.label} failed:`, err instanceof Error ? err.message : err);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `on`, not `once`: a second Ctrl-C must not exit before the database is dropped.
  process.on(signal, () => {
    if (cleaning) return;
    console.error(`\n${signal}: stopping the servers and dropping the bench database...`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

async function tokensFor(
  baseUrl: string,
  wanted: Journey[],
): Promise<{ tokens: Map<string, string>; loginMissing: boolean }> {
  const tokens = new Map<string, string>();
  for (const journey of wanted) {
    const who = journey.as ?? DEMO_LEARNER;
    if (tokens.has(who.username)) continue;
    const token = await signIn(baseUrl, who.username, who.password);
    if (token === null) return { tokens, loginMissing: true };
    tokens.set(who.username, token);
  }
  return { tokens, loginMissing: false };
}

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const settings = readSettings();
  const load: LoadOptions = {
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };
  const pgVersion = await postgresVersion(settings.adminUrl).catch((err: unknown) => {
    const where = new URL(settings.adminUrl);
    where.password = '';
    throw new Error(
      `PostgreSQL is required; set BENCH_DATABASE_URL (tried ${where}): ${err instanceof Error ? err.message : err}`,
    );
  });
  const cpus = os.cpus();
  console.log(
    `Atrium bench: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, PostgreSQL ${pgVersion}`,
  );
  // Other work on the machine (a test suite, a build) moves every figure.
  const loadAtStart = Number(os.loadavg()[0]!.toFixed(2));
  if (loadAtStart > cpus.length / 2) {
    console.log(
      `Warning: load average ${loadAtStart} on ${cpus.length} CPUs: something else is running; expect noise.`,
    );
  }
  console.log(
    `${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s per journey, pool size ${settings.poolSize}`,
  );

  // Registered first so it runs last, and before creation so a Ctrl-C mid-way still drops it.
  cleanups.push({
    label: 'drop database',
    run: () =>
      settings.keepDatabase
        ? console.log(`Kept database ${settings.databaseName} (BENCH_KEEP_DATABASE=1).`)
        : dropBenchDatabase(settings.adminUrl, settings.databaseName),
  });
  const dbUrl = await createBenchDatabase(settings.adminUrl, settings.databaseName);
  const dataset: DatasetSummary = await seedDataset(
    dbUrl,
    settings.extraUsers,
    settings.pathLearners,
    // Minutes of loading: only for a run that measures a leaderboard.
    settings.only.length === 0 || settings.only.some((name) => name.startsWith('leaderboard'))
      ? settings.pointEntries
      : 0,
    settings.only.length === 0 || settings.only.some((name) => name.startsWith('report-'))
      ? settings.reportEnrolments
      : 0,
    settings.only.length === 0 || settings.only.some((name) => name.startsWith('search-'))
      ? settings.discussionPosts
      : 0,
  );
  const lp = dataset.learningPath;
  console.log(
    `Database ${settings.databaseName}: migrated, demo seed + ${dataset.extraUsers.toLocaleString('en-US')} users, ${dataset.courses.toLocaleString('en-US')} courses${lp ? `, a learning path with ${lp.learners.toLocaleString('en-US')} learners (${lp.courseEnrolments.toLocaleString('en-US')} course enrolments)` : ''}, a ${dataset.thread.answers.toLocaleString('en-US')}-answer thread, ${dataset.wall.posts.toLocaleString('en-US')} wall posts${dataset.points.entries > 0 ? `, ${dataset.points.entries.toLocaleString('en-US')} point entries for ${dataset.points.people.toLocaleString('en-US')} people (${dataset.points.seconds.toFixed(0)} s)` : ''}${dataset.search.posts > 0 ? `, ${dataset.search.posts.toLocaleString('en-US')} discussion posts in ${dataset.search.topics.toLocaleString('en-US')} topics` : ''}${dataset.reports.enrolments > 0 ? `, ${dataset.reports.enrolments.toLocaleString('en-US')} enrolments and ${dataset.reports.activity.toLocaleString('en-US')} activity rows (${dataset.reports.seconds.toFixed(0)} s)` : ''} in ${dataset.seconds.toFixed(1)} s`,
  );
  const unknown = settings.only.filter(
    (name) => !journeysFor(dataset).some((j) => j.name === name),
  );
  if (unknown.length > 0) throw new Error(`BENCH_JOURNEYS names no journey: ${unknown.join(', ')}`);
  const journeys = journeysFor(dataset).filter(
    (j) => settings.only.length === 0 || settings.only.includes(j.name),
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
  cleanups.push({
    label: 'remove data dir',
    run: () => rmSync(dataDir, { recursive: true, force: true }),
  });

  const baselineJourney: Journey = {
    name: 'baseline',
    method: 'GET',
    path: `/baseline/users/${dataset.learnerId}`,
  };
  const { baselineUrl, atriumUrl } = await startBenchServers({
    dbUrl,
    dataDir,
    poolSize: settings.poolSize,
    baselineReadyPath: baselineJourney.path,
    // The smoke dataset's organisation is small; the report journeys must still read the
    // summaries a large organisation reads, so the smoke server summarises it too.
    ...(settings.smoke ? { extraAtriumEnv: { REPORTS_SUMMARY_MIN_ENROLMENTS: '1000' } } : {}),
    onStarted: (server) =>
      cleanups.push({ label: `stop ${server.name}`, run: () => server.stop() }),
  });
  console.log(`baseline on ${baselineUrl}, Atrium on ${atriumUrl}`);

  // Sign in once, before any measurement, so argon2 never runs under load.
  const skipped: Skipped[] = [];
  for (const j of journeys) if (j.skip) skipped.push({ name: j.name, reason: j.skip });
  const needingToken = journeys.filter((j) => j.needsToken && !j.skip);
  const { tokens, loginMissing } = await tokensFor(atriumUrl, needingToken);
  if (loginMissing) {
    for (const j of needingToken) {
      skipped.push({ name: j.name, reason: `POST ${LOGIN_PATH} answered 404 (not built yet)` });
    }
    console.log(
      `Note: POST ${LOGIN_PATH} answered 404; skipping ${needingToken.map((j) => j.name).join(', ')}.`,
    );
  }
  const runnable = journeys.filter((j) => !j.skip && (!j.needsToken || !loginMissing));
  const adminToken = tokens.get(DEMO_ADMIN.username);
  if (adminToken && runnable.some((j) => j.name.startsWith('report-'))) {
    console.log('waiting for the server to build the report summaries...');
    const waited = await awaitReportSummaries(atriumUrl, adminToken);
    console.log(`report summaries built ${waited.toFixed(0)} s after the first sign-in`);
  }

  if (runnable.some((j) => j.name.startsWith('search-'))) {
    console.log('waiting for the server to build the search index...');
    const waited = await awaitSearchIndex(dbUrl);
    console.log(`search index built ${waited.toFixed(0)} s after the first sign-in`);
  }

  const baselineRuns: Measurement[] = [];
  const atriumRuns: Measurement[] = [];
  const step = (label: string) => {
    if (cleaning) throw new Error('interrupted');
    console.log(`measuring ${label}...`);
  };
  step('baseline (first)');
  baselineRuns.push(await measure('baseline', baselineUrl, baselineJourney, undefined, load));
  for (const journey of runnable) {
    step(journey.name);
    const token = journey.needsToken
      ? tokens.get((journey.as ?? DEMO_LEARNER).username)
      : undefined;
    atriumRuns.push(await measure('atrium', atriumUrl, journey, token, load));
  }
  step('baseline (last)');
  baselineRuns.push(await measure('baseline', baselineUrl, baselineJourney, undefined, load));

  const report = buildReport(
    {
      startedAt,
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: Number(os.loadavg()[0]!.toFixed(2)),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: pgVersion,
      },
      settings: {
        connections: load.connections,
        durationSeconds: load.durationSeconds,
        warmupSeconds: load.warmupSeconds,
        poolSize: settings.poolSize,
        database: settings.databaseName,
      },
      dataset: {
        demoAccounts: dataset.demoAccounts,
        extraUsers: dataset.extraUsers,
        courses: dataset.courses,
        pathLearners: lp?.learners ?? 0,
        pointEntries: dataset.points.entries,
        reportEnrolments: dataset.reports.enrolments,
        discussionPosts: dataset.search.posts,
        seedSeconds: Number(dataset.seconds.toFixed(2)),
      },
      skipped,
    },
    baselineRuns,
    atriumRuns,
  );
  console.log(`\n${formatReport(report)}`);
  console.log(`\nSaved ${path.relative(process.cwd(), saveReport(report, RESULTS_DIR))}`);
  const flagged = [...report.baseline.runs, ...report.journeys].filter((m) => m.flagged);
  if (settings.smoke) {
    // A journey that could not run is a journey that rotted (issue 26): the smoke run fails.
    for (const s of skipped) console.error(`smoke: ${s.name} did not run: ${s.reason}`);
    for (const m of flagged)
      console.error(`smoke: ${m.name} answered ${JSON.stringify(m.statusCodes)}`);
    const ok = skipped.length === 0 && flagged.length === 0;
    console.log(ok ? 'smoke: every journey answered 2xx' : 'smoke: FAILED');
    return ok ? 0 : 1;
  }
  return flagged.length > 0 ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  // After Ctrl-C the steps still in flight fail as their servers go away: not news.
  if (!cleaning) console.error('\nbench failed:', err instanceof Error ? err.message : err);
} finally {
  await cleanUp();
}
process.exit(exitCode);
