import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeLearner,
  makeOrganisation,
  makeRepositoryFile,
  makeSuperadmin,
  makeTrainer,
  PDF,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { fileRepository } from './file-repository.service.ts';
import { fileSearch } from './files.search.ts';

/*
 * Files of the repository in global search: documents (name, kind and size), `visible` keeping
 * the repository's rule (its organisation's admins and trainers; learners never), and the
 * upload, rename and removal telling the index.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

describe('file search provider', () => {
  it('writes the name, with the kind and size as the subtitle', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const f = await makeRepositoryFile(db, { organisationId: org.id, name: 'Handbook.pdf' });
    expect(await fileSearch.documents(s.ctx, [f.id, 999_999_999])).toEqual([
      {
        id: f.id,
        organisationId: org.id,
        title: 'Handbook.pdf',
        body: 'pdf',
        subtitle: 'PDF · 100 bytes',
        href: '/courses/course-media-detail/pdf',
      },
    ]);
    expect(await fileSearch.ids(s.ctx, f.id - 1, 1)).toEqual([f.id]);
  });

  it("shows the repository's files to its organisation's staff only", async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const own = await makeRepositoryFile(db, { organisationId: org.id });
    const foreign = await makeRepositoryFile(db, { organisationId: other.id });
    const ids = [own.id, foreign.id];
    const learner = await authFor(s.ctx, await makeLearner(db, { organisationId: org.id }));
    expect(fileSearch.searchableBy?.(learner)).toBe(false);
    expect(await fileSearch.visible(s.ctx, learner, ids)).toEqual(new Set());
    for (const make of [makeTrainer, makeAdmin, makeSuperadmin]) {
      const auth = await authFor(s.ctx, await make(db, { organisationId: org.id }));
      expect(fileSearch.searchableBy?.(auth)).toBe(true);
      expect(await fileSearch.visible(s.ctx, auth, ids)).toEqual(new Set([own.id]));
    }
  });

  it('is told of every upload, rename and removal', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const auth = await authFor(s.ctx, await makeTrainer(db, { organisationId: org.id }));
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'file') told.push(p.ids);
    });
    try {
      // What @fastify/multipart hands the route: the name and the stream.
      const part = {
        filename: 'guide.pdf',
        file: Readable.from([PDF]),
      } as unknown as MultipartFile;
      const uploaded = await fileRepository.upload(s.ctx, auth, part);
      await fileRepository.rename(s.ctx, auth, uploaded.id, 'Guide.pdf');
      await fileRepository.remove(s.ctx, auth, uploaded.id);
      expect(told).toEqual([[uploaded.id], [uploaded.id], [uploaded.id]]);
      expect(await fileSearch.documents(s.ctx, [uploaded.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
