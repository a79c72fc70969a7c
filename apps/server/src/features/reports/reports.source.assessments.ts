import { sql } from 'drizzle-orm';
import {
  column,
  type DataSource,
  ownedBy,
  personColumns,
  personJoins,
} from './reports.builder.catalogue.ts';
import { membersOf } from './reports.scope.ts';

/**
 * Assessments (Assessment): one row per attempt begun (not voided) at an assessment of the scope
 * (a trainer: the assessments they made), by a member of the scope.
 */
export const assessmentsSource: DataSource = {
  key: 'assessments',
  title: 'Assessment attempts',
  dateColumn: 'started_at',
  columns: [
    ...personColumns(),
    column({ key: 'assessment', label: 'Assessment', type: 'text', expr: sql.raw('s.title') }),
    column({ key: 'attempt', label: 'Attempt', type: 'number', expr: sql.raw('a.number') }),
    column({ key: 'status', label: 'Status', type: 'text', expr: sql.raw('a.status') }),
    column({
      key: 'started_at',
      label: 'Started',
      type: 'datetime',
      expr: sql.raw('a.started_at'),
    }),
    column({
      key: 'submitted_at',
      label: 'Submitted',
      type: 'datetime',
      groupable: false,
      expr: sql.raw('a.submitted_at'),
    }),
    column({ key: 'score', label: 'Score', type: 'number', expr: sql.raw('a.score') }),
    column({
      key: 'max_score',
      label: 'Maximum score',
      type: 'number',
      expr: sql.raw('a.max_score'),
    }),
    column({ key: 'percent', label: 'Percent', type: 'percent', expr: sql.raw('a.percent') }),
    column({
      key: 'passed',
      label: 'Passed',
      type: 'boolean',
      groupable: true,
      expr: sql.raw('a.passed'),
    }),
  ],
  from: (input) => sql`from assessment_attempts a
    join assessments s on s.id = a.assessment_id
    ${personJoins('a.user_id')}
    where not a.voided and a.status <> 'not_started'
      and ${ownedBy(input.scope, sql`s.organisation_id`, sql`s.created_by`)}
      and ${membersOf(input, sql`a.user_id`)}`,
  rowKey: sql.raw('a.id'),
};
