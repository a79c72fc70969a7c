import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  makeOrganisationWithStaff,
  type SignedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { TEST_ENGINE } from '../../../test/database.ts';
import { enrol, makeCourse, makeOrganisation } from '../../../test/factories/index.ts';
import {
  createDatabase,
  dropDatabase,
  templateName,
  urlForDatabase,
} from '../../../test/pg-admin.ts';
import { messageOf, openSse, type SseClient } from '../../../test/sse.ts';
import { loadConfig } from '../config/config.ts';
import { type Database, openDatabase } from '../db/database.ts';

/*
 * Two nodes, each a process of its own running the whole app, on one PostgreSQL database: what a
 * request to one publishes reaches a stream held by the other, through LISTEN/NOTIFY. PGlite is an
 * embedded database that only the process that opened it can use, so this runs on PostgreSQL only.
 */
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });

let database: Database;
let name: string;
const children: ChildProcess[] = [];
const streams: SseClient[] = [];
let nodeA: string;
let nodeB: string;

function startNode(url: string, label: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/realtime-node.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', REALTIME_NODE_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}):\n${out}`));
    });
  });
}

beforeAll(async () => {
  if (TEST_ENGINE !== 'postgres') return;
  const baseUrl = process.env.TEST_DATABASE_URL!;
  name = await createDatabase(baseUrl, templateName());
  const url = urlForDatabase(baseUrl, name);
  database = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  [nodeA, nodeB] = await Promise.all([startNode(url, 'node A'), startNode(url, 'node B')]);
}, 60_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const kill = setTimeout(() => c.kill('SIGKILL'), 5_000);
          c.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
  if (TEST_ENGINE !== 'postgres') return;
  await database.close();
  await dropDatabase(process.env.TEST_DATABASE_URL!, name);
});

const harness = () => ({ database, config });

async function stream(node: string, who: SignedIn) {
  const sse = await openSse(`${node}/api/stream/`, bearer(who.token));
  expect(sse.status).toBe(200);
  streams.push(sse);
  return sse;
}

async function publishThrough(
  node: string,
  who: SignedIn,
  userIds: number[],
  type: string,
  data?: unknown,
) {
  const res = await fetch(`${node}/api/test-realtime/publish/`, {
    method: 'POST',
    headers: { ...bearer(who.token), 'content-type': 'application/json' },
    body: JSON.stringify({ user_ids: userIds, type, data }),
  });
  expect(res.status).toBe(200);
  await res.text();
}

describe.skipIf(TEST_ENGINE !== 'postgres')(
  'realtime across two nodes (PostgreSQL only: two processes share the database)',
  () => {
    it('a message published by a request to node A reaches a stream on node B within one second', async () => {
      const orgId = (await makeOrganisation(database.db)).id;
      const [sender, learner] = [
        await signedInLearner(harness(), orgId),
        await signedInLearner(harness(), orgId),
      ];
      const onB = await stream(nodeB, learner);
      const onA = await stream(nodeA, learner);

      const latencies: number[] = [];
      for (let i = 0; i < 20; i++) {
        const sent = performance.now();
        await publishThrough(nodeA, sender, [learner.user.id], 'notification.created', { i });
        const event = await onB.next((e) => (messageOf(e).data as { i: number }).i === i, 2_000);
        latencies.push(event.at - sent);
      }
      latencies.sort((a, b) => a - b);
      console.info(
        `node A → node B: median ${latencies[10]!.toFixed(1)} ms, max ${latencies[19]!.toFixed(1)} ms`,
      );
      expect(latencies[19]).toBeLessThan(1_000);
      // The stream on the publishing node got them too, once each and in order.
      await onA.next((e) => (messageOf(e).data as { i: number }).i === 19);
      expect(onA.events.map((e) => (messageOf(e).data as { i: number }).i)).toEqual(
        Array.from({ length: 20 }, (_, i) => i),
      );
      expect(onB.events.map((e) => e.id)).toEqual(onA.events.map((e) => e.id));
    });

    it('a notification raised by a request to node A reaches the learner’s stream on node B within one second', async () => {
      const staff = await makeOrganisationWithStaff(database.db, config);
      const course = await makeCourse(database.db, { organisationId: staff.org.id });
      const learner = await signedInLearner(harness(), staff.org.id);
      await enrol(database.db, course.id, learner.user.id);
      const onB = await stream(nodeB, learner);

      // The admin takes the learner off the course through node A: the use case commits an
      // event, either node's job queue (woken by NOTIFY) runs the notifications subscriber, which
      // writes the notification and publishes it.
      const sent = performance.now();
      const res = await fetch(`${nodeA}/api/courses/${course.id}/unassign/`, {
        method: 'POST',
        headers: { ...bearer(staff.admin.token), 'content-type': 'application/json' },
        body: JSON.stringify({ users: [learner.user.id] }),
      });
      expect(res.status).toBe(200);
      await res.text();
      const event = await onB.next((e) => messageOf(e).type === 'notification.created', 5_000);
      const latency = event.at - sent;
      console.info(
        `notification: request to node A → stream on node B in ${latency.toFixed(1)} ms`,
      );
      expect(latency).toBeLessThan(1_000);
      expect(messageOf(event).data).toMatchObject({
        type: 'enrolment_unassigned',
        link: '/asssigned_course',
      });
      // The unread counter follows.
      const counters = await onB.next((e) => messageOf(e).type === 'counters');
      expect(messageOf(counters).data).toEqual({ notifications: 1 });
    });

    it('works the other way, for many users at once, and never to someone else', async () => {
      const orgId = (await makeOrganisation(database.db)).id;
      const people = await Promise.all(
        Array.from({ length: 5 }, () => signedInLearner(harness(), orgId)),
      );
      const outsider = await signedInLearner(harness(), orgId);
      const onA = await Promise.all(people.map((p) => stream(nodeA, p)));
      const outsiderOnA = await stream(nodeA, outsider);
      const sent = performance.now();
      await publishThrough(
        nodeB,
        people[0]!,
        people.map((p) => p.user.id),
        'counters',
        { unread_notifications: 3 },
      );
      for (const sse of onA) {
        const event = await sse.next();
        expect(messageOf(event)).toEqual({ type: 'counters', data: { unread_notifications: 3 } });
        expect(event.at - sent).toBeLessThan(1_000);
      }
      await publishThrough(nodeB, outsider, [outsider.user.id], 'marker');
      expect(messageOf(await outsiderOnA.next()).type).toBe('marker');
      expect(outsiderOnA.events).toHaveLength(1);
    });

    it('a reconnect to the other node catches up from the shared table', async () => {
      const orgId = (await makeOrganisation(database.db)).id;
      const learner = await signedInLearner(harness(), orgId);
      const onA = await stream(nodeA, learner);
      await publishThrough(nodeB, learner, [learner.user.id], 'm', 1);
      const seen = await onA.next();
      onA.close();
      await publishThrough(nodeA, learner, [learner.user.id], 'm', 2);
      const onB = await openSse(`${nodeB}/api/stream/`, {
        ...bearer(learner.token),
        'last-event-id': seen.id!,
      });
      streams.push(onB);
      expect(messageOf(await onB.next())).toEqual({ type: 'm', data: 2 });
    });
  },
);
