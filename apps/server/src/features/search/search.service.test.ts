import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { ConfigError, loadConfig } from '../../core/config/config.ts';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import type { SearchKindProvider } from '../../core/search-provider.ts';
import { organisationFeatures } from '../../schema/admin.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { searchDocuments, searchKinds } from '../../schema/search.table.ts';
import { toFragments, toSnippet } from './search.highlight.ts';
import { refreshItems, reindexAll, searchOnReady, staleKinds } from './search.indexer.ts';
import { MARK_STOP as E, MARK_START as S, typoParts } from './search.repository.ts';
import { searchKindPage, searchOverview } from './search.service.ts';

/**
 * The search slice without HTTP: a failing provider, the rebuild and its bookkeeping, the
 * subscriber's idempotence, the start-up checks and the highlight pieces.
 */

let s: ServiceTest;
let staff: Staff;

beforeAll(async () => {
  s = await createServiceContext();
  staff = await makeOrganisationWithStaff(s.ctx.db, s.ctx.config);
}, 120_000);
afterAll(() => s?.close());

const documentsOf = (kind: string, itemId: number) =>
  s.ctx.db
    .select()
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, kind), eq(searchDocuments.itemId, itemId)));

describe('a failing provider', () => {
  it('costs only its own kind, named in unavailable', async () => {
    await makeCourse(s.ctx.db, { organisationId: staff.org.id, title: 'Volcanology' });
    await reindexAll(s.ctx);
    const failing: SearchKindProvider = {
      kind: 'broken',
      label: 'Broken',
      version: 1,
      documents: async () => [],
      ids: async () => [],
      visible: async () => {
        throw new Error('the slice is down');
      },
    };
    // A document of the broken kind, so its provider is asked.
    await s.ctx.db.insert(searchDocuments).values({
      kind: 'broken',
      itemId: 1,
      organisationId: staff.org.id,
      title: 'Volcanology broken',
      href: '/nowhere',
      language: 'english',
    });
    const ctx: AppContext = {
      ...s.ctx,
      searchKinds: new Map([...s.ctx.searchKinds, ['broken', failing]]),
    };
    const answer = await searchOverview(
      ctx,
      await authFor(s.ctx, staff.learner.user),
      'volcanology',
    );
    expect(answer.unavailable).toEqual(['broken']);
    expect(answer.groups.map((g) => g.kind)).toEqual(['course']);
    // Searched alone, the kind answers 503 with a message, not a 500.
    await expect(
      searchKindPage(
        ctx,
        await authFor(s.ctx, staff.learner.user),
        'broken',
        { q: 'volcanology', page: 1, page_size: 20 },
        '/api/search/kind/broken/',
      ),
    ).rejects.toMatchObject({
      statusCode: 503,
      message: 'Broken cannot be searched right now. Try again shortly.',
    });
    await s.ctx.db.delete(searchDocuments).where(eq(searchDocuments.kind, 'broken'));
  });
});

describe('feature switches', () => {
  it('leaves out the kinds of a feature the organisation turned off', async () => {
    const org = await makeOrganisationWithStaff(s.ctx.db, s.ctx.config);
    await makeCourse(s.ctx.db, { organisationId: org.org.id, title: 'Seismology' });
    const switchable: SearchKindProvider = {
      kind: 'switchable',
      label: 'Switchable',
      version: 1,
      feature: 'blogs',
      documents: async () => [],
      ids: async () => [],
      visible: async (_ctx, _auth, ids) => new Set(ids),
    };
    await reindexAll(s.ctx);
    await s.ctx.db.insert(searchDocuments).values({
      kind: 'switchable',
      itemId: 1,
      organisationId: org.org.id,
      title: 'Seismology notes',
      href: '/blogs/1',
      language: 'english',
    });
    const ctx: AppContext = {
      ...s.ctx,
      searchKinds: new Map([...s.ctx.searchKinds, ['switchable', switchable]]),
    };
    const auth = await authFor(s.ctx, org.learner.user);
    const kindsOf = async () =>
      (await searchOverview(ctx, auth, 'seismology')).groups.map((g) => g.kind);
    expect((await kindsOf()).sort()).toEqual(['course', 'switchable']);

    await s.ctx.db
      .insert(organisationFeatures)
      .values({ organisationId: org.org.id, feature: 'blogs', enabled: false });
    s.ctx.featureSwitches.forget(org.org.id);
    expect(await kindsOf()).toEqual(['course']);
    await expect(
      searchKindPage(ctx, auth, 'switchable', { q: 'seismology', page: 1, page_size: 20 }, '/x'),
    ).rejects.toMatchObject({ statusCode: 404 });
    await s.ctx.db.delete(searchDocuments).where(eq(searchDocuments.kind, 'switchable'));
  });
});

describe('the index', () => {
  it('rereads changed items idempotently and drops those gone', async () => {
    const course = await makeCourse(s.ctx.db, { organisationId: staff.org.id, title: 'Geodesy' });
    const provider = s.ctx.searchKinds.get('course')!;
    await refreshItems(s.ctx, provider, [course.id]);
    await refreshItems(s.ctx, provider, [course.id, course.id]);
    expect((await documentsOf('course', course.id)).map((d) => d.title)).toEqual(['Geodesy']);

    await s.ctx.db.update(courses).set({ title: 'Geodesy II' }).where(eq(courses.id, course.id));
    await refreshItems(s.ctx, provider, [course.id]);
    expect((await documentsOf('course', course.id)).map((d) => d.title)).toEqual(['Geodesy II']);

    await s.ctx.db.delete(courses).where(eq(courses.id, course.id));
    await refreshItems(s.ctx, provider, [course.id]);
    expect(await documentsOf('course', course.id)).toEqual([]);
  });

  it('records each kind it rebuilt, and rebuilds a kind whose provider version changed', async () => {
    await reindexAll(s.ctx);
    expect(await staleKinds(s.ctx)).toEqual([]);
    const recorded = await s.ctx.db.select().from(searchKinds);
    expect(recorded.map((k) => k.kind).sort()).toEqual([...s.ctx.searchKinds.keys()].sort());
    expect(new Set(recorded.map((k) => k.language))).toEqual(new Set(['english']));

    await s.ctx.db.update(searchKinds).set({ version: 0 }).where(eq(searchKinds.kind, 'course'));
    expect((await staleKinds(s.ctx)).map((p) => p.kind)).toEqual(['course']);

    // A document of a course that no longer exists goes with the rebuild.
    const gone = await makeCourse(s.ctx.db, { organisationId: staff.org.id, title: 'Gone' });
    await refreshItems(s.ctx, s.ctx.searchKinds.get('course')!, [gone.id]);
    await s.ctx.db.execute(sql`delete from courses where id = ${gone.id}`);
    await s.ctx.jobs.drain();
    await searchOnReady(s.ctx);
    await searchOnReady(s.ctx);
    const queued = await s.ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, 'search.rebuild'), eq(jobs.status, 'queued')));
    // Two starts queue one rebuild.
    expect(queued).toHaveLength(1);
    await s.ctx.jobs.drain();
    expect(await staleKinds(s.ctx)).toEqual([]);
    expect(await documentsOf('course', gone.id)).toEqual([]);
  });

  it('refuses to start with a language the database does not know', async () => {
    const ctx: AppContext = {
      ...s.ctx,
      config: { ...s.ctx.config, search: { ...s.ctx.config.search, language: 'klingon' } },
    };
    await expect(searchOnReady(ctx)).rejects.toThrow(/SEARCH_LANGUAGE=klingon/);
  });

  it('takes SEARCH_LANGUAGE as a configuration name only', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp' };
    expect(loadConfig(base).search.language).toBe('english');
    expect(loadConfig({ ...base, SEARCH_LANGUAGE: 'simple' }).search.language).toBe('simple');
    for (const bad of ["english'; drop", 'English', '']) {
      expect(() => loadConfig({ ...base, SEARCH_LANGUAGE: bad }), bad).toThrow(ConfigError);
    }
  });

  it('uses the configured language for stemming (simple: no stemming)', async () => {
    const rows = await queryRows<{ english: boolean; simple: boolean }>(
      s.ctx.db,
      sql`select to_tsvector('english', 'courses') @@ websearch_to_tsquery('english', 'course') as english,
        to_tsvector('simple', 'courses') @@ websearch_to_tsquery('simple', 'course') as simple`,
    );
    expect(rows[0]).toEqual({ english: true, simple: false });
  });
});

describe('highlight pieces', () => {
  it('splits marked text into plain and matched pieces', () => {
    expect(toFragments(`${S}Kubernetes${E} ${S}course${E} intro`)).toEqual([
      { text: 'Kubernetes', match: true },
      { text: ' ', match: false },
      { text: 'course', match: true },
      { text: ' intro', match: false },
    ]);
    expect(toFragments('<b>not markup</b>')).toEqual([{ text: '<b>not markup</b>', match: false }]);
    expect(toFragments(`a ${S}open`)).toEqual([
      { text: 'a ', match: false },
      { text: 'open', match: true },
    ]);
    expect(toFragments('')).toEqual([]);
  });

  it('leaves the passage out when nothing in it matched', () => {
    expect(toSnippet('the start of the body')).toEqual([]);
    expect(toSnippet(`about ${S}rust${E}`)).toHaveLength(2);
  });

  it('takes excluded words out of the typo match', () => {
    expect(typoParts('"in depth" -gardening')).toEqual({
      text: 'in depth',
      excluded: ['gardening'],
    });
    expect(typoParts('well-known')).toEqual({ text: 'well-known', excluded: [] });
  });
});
