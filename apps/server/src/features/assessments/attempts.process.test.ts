import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE, type TAttemptSession } from '@atrium/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import {
  assignAssessment,
  makeAssessment,
  makeOrganisation,
  makeQuestion,
  makeUser,
} from '../../../test/factories/index.ts';
import {
  createDatabase,
  dropDatabase,
  templateName,
  urlForDatabase,
} from '../../../test/pg-admin.ts';
import { loadConfig } from '../../core/config/config.ts';
import { databaseOptionsFromConfig, openDatabase } from '../../core/db/database.ts';

/*
 * An attempt survives the server being killed (issue 16: "a refresh, a closed laptop or a lost
 * network resumes exactly where it was"). The real server (src/main.ts) runs as a child process
 * on PostgreSQL (TEST_DATABASE_URL) or on PGlite's files in its data directory; the test saves
 * answers through HTTP, kills it with SIGKILL right after the last acknowledgement, starts a new
 * one on the same database and resumes: every acknowledged answer is there, and the remaining
 * time is computed from the deadline stored at the start, not restarted.
 */
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-attempt-proc-'));
const children: ChildProcess[] = [];
let pgName: string | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (pgName) await dropDatabase(process.env.TEST_DATABASE_URL!, pgName);
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      PORT: String(port),
      CONTENT_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c) => {
    out += c;
  });
  child.stderr!.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200)
        return { child, exited, base: `http://127.0.0.1:${port}` };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${out}`);
}

describe('an attempt across a server crash', () => {
  it('SIGKILL after saves: a new server resumes with every acknowledged answer and the remaining time', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (TEST_ENGINE === 'postgres') {
      pgName = await createDatabase(process.env.TEST_DATABASE_URL!, templateName());
      env.DATABASE_URL = urlForDatabase(process.env.TEST_DATABASE_URL!, pgName);
    }
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    // The fixtures are written before any server runs: PGlite's files take one process at a time.
    const database = openDatabase(databaseOptionsFromConfig(config));
    await database.migrate();
    const db = database.db;
    const org = await makeOrganisation(db);
    const trainer = await makeUser(db, { organisationId: org.id, roleId: ROLE.TRAINER });
    const learner = await makeUser(db, { organisationId: org.id, roleId: ROLE.LEARNER });
    const questionIds: number[] = [];
    for (let i = 0; i < 5; i++)
      questionIds.push(
        (await makeQuestion(db, { organisationId: org.id, createdBy: trainer.id })).id,
      );
    const a = await makeAssessment(db, {
      organisationId: org.id,
      createdBy: trainer.id,
      questionIds,
      settings: { timeLimitSeconds: 3600 },
    });
    await assignAssessment(db, a.id, [learner.id]);
    const token = await tokenFor(db, config, learner, org.id);
    await database.close();
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };

    const first = await startServer(env);
    const started = (await (
      await fetch(`${first.base}/api/assessment/start/${a.uuid}/`, {
        method: 'POST',
        headers,
        body: '{}',
      })
    ).json()) as TAttemptSession;
    const id = started.attempt.id;
    const acknowledged: { item: number; selected: string; seq: number }[] = [];
    for (let item = 0; item < 5; item++) {
      const save = { item, selected: item % 2 === 0 ? 'a' : 'b', seq: item + 1 };
      const res = await fetch(`${first.base}/api/assessment/attempt/${id}/answers/`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          session: started.session,
          answers: [
            {
              item: save.item,
              answer: { type: 'single_choice', selected: save.selected },
              seq: save.seq,
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
      acknowledged.push(save);
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await startServer(env);
    const resumed = (await (
      await fetch(`${second.base}/api/assessment/start/${a.uuid}/`, {
        method: 'POST',
        headers,
        body: '{}',
      })
    ).json()) as TAttemptSession;
    expect(resumed.attempt.id).toBe(id);
    expect(resumed.session).not.toBe(started.session);
    const items = resumed.attempt.pages.flatMap((p) => p.items);
    for (const save of acknowledged)
      expect(items[save.item]).toMatchObject({
        seq: save.seq,
        answer: { type: 'single_choice', selected: save.selected },
      });
    expect(resumed.attempt.deadline_at).toBe(started.attempt.deadline_at);
    const left = Math.ceil(
      (Date.parse(resumed.attempt.deadline_at!) - Date.parse(resumed.attempt.server_now)) / 1000,
    );
    expect(resumed.attempt.remaining_seconds).toBe(left);
    expect(left).toBeLessThan(3600);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 240_000);
});
