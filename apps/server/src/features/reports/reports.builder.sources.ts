import {
  REPORT_SOURCE_SECTION,
  type TReportDataSource,
  type TReportSection,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden } from '../../core/errors/app-error.ts';
import { userReportSections } from '../../schema/reports.table.ts';
import type { DataSource } from './reports.builder.catalogue.ts';
import { mayReport } from './reports.policy.ts';
import { assessmentsSource } from './reports.source.assessments.ts';
import { classroomAttendanceSource } from './reports.source.classroom-attendance.ts';
import { courseProgressSource } from './reports.source.course-progress.ts';
import { cpdSource } from './reports.source.cpd.ts';
import { learningPathsSource } from './reports.source.learning-paths.ts';
import { toDoSource } from './reports.source.to-do.ts';
import { usersSource } from './reports.source.users.ts';

/** Every source of the builder, by key (the contract's REPORT_DATA_SOURCES). */
export const DATA_SOURCES: Record<TReportDataSource, DataSource> = {
  users: usersSource,
  course_progress: courseProgressSource,
  learning_paths: learningPathsSource,
  assessments: assessmentsSource,
  classroom_attendance: classroomAttendanceSource,
  cpd: cpdSource,
  to_do: toDoSource,
};

/** The §6 sections an admin switched off for the user (none without a row). */
export async function disabledSections(db: DbOrTx, userId: number): Promise<Set<TReportSection>> {
  const [row] = await db
    .select({ disabled: userReportSections.disabled })
    .from(userReportSections)
    .where(eq(userReportSections.userId, userId));
  return new Set((row?.disabled ?? []) as TReportSection[]);
}

/**
 * The builder's gate: staff only (a learner never builds reports, even through an export or a
 * schedule), and only on the sections switched on for the caller.
 */
export async function builderSource(
  db: DbOrTx,
  auth: AuthContext,
  key: TReportDataSource,
): Promise<DataSource> {
  if (!mayReport(auth)) throw forbidden('Custom reports are for staff.');
  const off = await disabledSections(db, auth.userId);
  if (off.has(REPORT_SOURCE_SECTION[key])) {
    throw forbidden('This report section is switched off for you.');
  }
  return DATA_SOURCES[key];
}

/** The sources the caller may build on. */
export async function allowedSources(db: DbOrTx, auth: AuthContext): Promise<DataSource[]> {
  if (!mayReport(auth)) throw forbidden('Custom reports are for staff.');
  const off = await disabledSections(db, auth.userId);
  return Object.values(DATA_SOURCES).filter((s) => !off.has(REPORT_SOURCE_SECTION[s.key]));
}
