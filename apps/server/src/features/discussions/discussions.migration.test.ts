import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../../test/database.ts';
import { type Database, MIGRATIONS_DIR, queryRows } from '../../core/db/database.ts';

/*
 * Migration 0035 on the test engine: a database as it stood before (course discussions in
 * course_questions, course_answers, course_reactions) is migrated, and every question, answer
 * and reaction is found in the discussions model, the old tables gone.
 */

const TAG = '0035_discussions';
let database: Database;
let before: string;

/** The migrations folder without 0035 and what follows it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateTo(folder: string) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (TEST_ENGINE === 'pglite') {
    await migratePglite(drizzlePglite(client as PGlite), { migrationsFolder: folder });
  } else {
    await migratePg(drizzlePg(client as pg.Pool), { migrationsFolder: folder });
  }
}

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  before = migrationsBefore(TAG);
  await migrateTo(before);
  await run(sql`insert into organisations (id, title, acronym, domain_url) values
    (901, 'Acme', 'ACME', 'acme.example.test'), (902, 'Quiet', 'QUIET', 'quiet.example.test')`);
  await run(sql`insert into users (id, username, email, first_name, last_name, password_hash) values
    (911, 'ann', 'ann@example.test', 'Ann', 'A', 'x'),
    (912, 'bob', 'bob@example.test', 'Bob', 'B', 'x'),
    (913, 'cy', 'cy@example.test', 'Cy', 'C', 'x')`);
  await run(sql`insert into courses (id, organisation_id, title, status, created_by)
    values (921, 901, 'Safety', 'published', 912)`);
  await run(sql`insert into course_questions (id, course_id, user_id, body, created_at) values
    (931, 921, 911, ${`  \r\n  Where is <the> exit & why?  \r\nIt's "urgent".\n\n${'x'.repeat(150)}`}, '2030-01-01T10:00:00Z'),
    (932, 921, 913, 'Second', '2030-01-02T10:00:00Z')`);
  await run(sql`insert into course_answers (id, question_id, user_id, body, created_at) values
    (941, 931, 912, ${'Behind the <lifts>.'}, '2030-01-01T11:00:00Z'),
    (942, 931, 913, 'Thanks', '2030-01-01T12:00:00Z')`);
  await run(sql`insert into course_reactions (question_id, answer_id, user_id, value) values
    (931, null, 912, 1), (931, null, 913, 1), (null, 941, 911, 1), (null, 941, 913, -1)`);
  await database.migrate();
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(before, { recursive: true, force: true });
});

describe(`migration ${TAG} on ${TEST_ENGINE}`, () => {
  it('gives every organisation the three types', async () => {
    const rows = await queryRows<{ organisation_id: number; name: string; kind: string }>(
      database.db,
      sql`select organisation_id, name, kind from discussion_types order by organisation_id, id`,
    );
    expect(rows.map((r) => [Number(r.organisation_id), r.name, r.kind])).toEqual([
      [901, 'Question', 'question'],
      [901, 'Idea', 'idea'],
      [901, 'General', 'general'],
      [902, 'Question', 'question'],
      [902, 'Idea', 'idea'],
      [902, 'General', 'general'],
    ]);
  });

  it('makes each question a course topic with its id, title, paragraphs, counts and follows', async () => {
    const [topic, second] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select d.*, t.kind from discussions d join discussion_types t on t.id = d.type_id
        order by d.id`,
    );
    expect(topic).toMatchObject({
      id: 931,
      organisation_id: 901,
      kind: 'question',
      scope: 'course',
      course_id: 921,
      user_id: 911,
      title: 'Where is <the> exit & why?',
      body: `<p>Where is &lt;the&gt; exit &amp; why?</p><p>It&#39;s &quot;urgent&quot;.</p><p>${'x'.repeat(150)}</p>`,
      body_text: `Where is <the> exit & why?\nIt's "urgent".\n${'x'.repeat(150)}`,
      answer_count: 2,
      likes: 2,
      dislikes: 0,
      accepted_answer_id: null,
    });
    expect(new Date(topic!.last_activity_at as string).toISOString()).toBe(
      '2030-01-01T12:00:00.000Z',
    );
    expect(second).toMatchObject({
      id: 932,
      title: 'Second',
      body: '<p>Second</p>',
      answer_count: 0,
    });
    const answers = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, discussion_id, parent_id, user_id, body, body_text, likes, dislikes
        from discussion_answers order by id`,
    );
    expect(answers).toEqual([
      expect.objectContaining({
        id: 941,
        discussion_id: 931,
        parent_id: null,
        body: '<p>Behind the &lt;lifts&gt;.</p>',
        body_text: 'Behind the <lifts>.',
        likes: 1,
        dislikes: 1,
      }),
      expect.objectContaining({ id: 942, discussion_id: 931, user_id: 913, likes: 0, dislikes: 0 }),
    ]);
    const reactions = await queryRows<{ d: number | null; a: number | null; u: number; v: number }>(
      database.db,
      sql`select discussion_id as d, answer_id as a, user_id as u, value as v
        from discussion_reactions order by id`,
    );
    expect(reactions.map((r) => [r.d, r.a, Number(r.u), Number(r.v)])).toEqual([
      [931, null, 912, 1],
      [931, null, 913, 1],
      [null, 941, 911, 1],
      [null, 941, 913, -1],
    ]);
    const follows = await queryRows<{ d: number; u: number }>(
      database.db,
      sql`select discussion_id as d, user_id as u from discussion_follows order by 1, 2`,
    );
    expect(follows.map((f) => [Number(f.d), Number(f.u)])).toEqual([
      [931, 911],
      [931, 912],
      [931, 913],
      [932, 913],
    ]);
  });

  it('moves the sequences past the kept ids and drops the old tables', async () => {
    const [next] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into discussions (organisation_id, type_id, scope, user_id, title, body, body_text)
        select 901, min(id), 'organisation', 911, 'New', '<p>New</p>', 'New'
        from discussion_types where organisation_id = 901 returning id`,
    );
    expect(Number(next!.id)).toBeGreaterThan(932);
    const old = await queryRows<{ n: string }>(
      database.db,
      sql`select table_name as n from information_schema.tables
        where table_name in ('course_questions', 'course_answers', 'course_reactions')`,
    );
    expect(old).toEqual([]);
  });
});
