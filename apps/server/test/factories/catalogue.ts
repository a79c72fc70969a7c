import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  courseCategories,
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../src/schema/courses.table.ts';
import type { TestApp } from '../app.ts';
import { makeOrganisation } from './organisations.ts';
import { makeTrainer } from './users.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);

const suffix = () => randomBytes(3).toString('hex');

/** A course category; a new organisation when none is given. */
export async function makeCategory(
  db: DbOrTx,
  options: { organisationId?: number; name?: string } = {},
) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const [row] = await db
    .insert(courseCategories)
    .values({ organisationId, name: options.name ?? `Category ${suffix()}` })
    .returning();
  return row!;
}

export type CourseOptions = Partial<
  Omit<typeof courses.$inferInsert, 'id' | 'organisationId' | 'createdBy'>
> & {
  /** A new organisation when not given. */
  organisationId?: number;
  /** The author: a new trainer of the organisation when not given; null for none. */
  createdBy?: number | null;
};

/**
 * A course, published unless a status is given (most tests want one learners
 * can take; drafts say so).
 */
export async function makeCourse(db: DbOrTx, options: CourseOptions = {}) {
  const { organisationId: givenOrganisation, createdBy: givenAuthor, ...values } = options;
  const organisationId = givenOrganisation ?? (await makeOrganisation(db)).id;
  const createdBy =
    givenAuthor === undefined ? (await makeTrainer(db, { organisationId })).id : givenAuthor;
  const [row] = await db
    .insert(courses)
    .values({
      title: `Course ${suffix()}`,
      status: 'published',
      ...values,
      organisationId,
      createdBy,
    })
    .returning();
  return row!;
}

type CourseRef = { id: number; organisationId: number };

/** A module of a course; a new course when none is given. */
export async function makeModule(
  db: DbOrTx,
  options: { course?: CourseRef; title?: string; position?: number } = {},
) {
  const course = options.course ?? (await makeCourse(db));
  const position = options.position ?? 0;
  const [row] = await db
    .insert(courseModules)
    .values({ courseId: course.id, title: options.title ?? `Module ${position}`, position })
    .returning();
  return row!;
}

/** A file of the organisation's repository (a PDF unless said otherwise); nothing is stored. */
export async function makeRepositoryFile(
  db: DbOrTx,
  options: Partial<Omit<typeof repositoryFiles.$inferInsert, 'id'>> = {},
) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const [row] = await db
    .insert(repositoryFiles)
    .values({
      name: `file-${suffix()}.pdf`,
      kind: 'pdf',
      storageKey: `courses/files/${randomBytes(8).toString('hex')}.pdf`,
      contentType: 'application/pdf',
      size: 100,
      ...options,
      organisationId,
    })
    .returning();
  return row!;
}

/**
 * A file placed in a module (required unless said otherwise): a new module
 * when none is given, a new repository file of the course's organisation when
 * no file is.
 */
export async function makeModuleFile(
  db: DbOrTx,
  options: {
    module?: { id: number; courseId: number };
    fileId?: number;
    position?: number;
    required?: boolean;
    scoId?: string;
  } = {},
) {
  const module = options.module ?? (await makeModule(db));
  let fileId = options.fileId;
  if (fileId === undefined) {
    const [course] = await db
      .select({ organisationId: courses.organisationId })
      .from(courses)
      .where(eq(courses.id, module.courseId));
    fileId = (await makeRepositoryFile(db, { organisationId: course!.organisationId })).id;
  }
  const [row] = await db
    .insert(moduleFiles)
    .values({
      moduleId: module.id,
      fileId,
      position: options.position ?? 0,
      required: options.required ?? true,
      scoId: options.scoId,
    })
    .returning();
  return row!;
}

/** A module with one module file per entry of `files` (each required unless said otherwise). */
export async function makeModuleWithFiles(
  db: DbOrTx,
  options: { course?: CourseRef; files?: { required?: boolean }[]; position?: number } = {},
) {
  const course = options.course ?? (await makeCourse(db));
  const module = await makeModule(db, { course, position: options.position });
  const files = [];
  for (const [i, f] of (options.files ?? [{}]).entries()) {
    const file = await makeRepositoryFile(db, {
      organisationId: course.organisationId,
      name: `file-${i}.pdf`,
    });
    files.push(
      await makeModuleFile(db, { module, fileId: file.id, position: i, required: f.required }),
    );
  }
  return { module, files };
}

/** Every stored file under the test's data directory (the temporary folder aside). */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.parentPath.includes(`${path.sep}.tmp`))
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}
