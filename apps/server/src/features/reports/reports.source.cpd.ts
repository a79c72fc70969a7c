import { sql } from 'drizzle-orm';
import {
  column,
  type DataSource,
  personColumns,
  personJoins,
} from './reports.builder.catalogue.ts';
import { activityScope, peopleOf } from './reports.scope.ts';

/**
 * CPD (Profile Details): one row per CPD entry recorded in the scope's organisation by its
 * people (a trainer: the learners of their courses, as for every person-centred report).
 */
export const cpdSource: DataSource = {
  key: 'cpd',
  title: 'CPD entries',
  dateColumn: 'completed_at',
  columns: [
    ...personColumns(),
    column({
      key: 'title',
      label: 'Activity',
      type: 'text',
      groupable: false,
      expr: sql.raw('ce.title'),
    }),
    column({ key: 'category', label: 'Category', type: 'text', expr: sql.raw('cc.name') }),
    column({ key: 'source_kind', label: 'Source', type: 'text', expr: sql.raw('ce.source_kind') }),
    column({ key: 'value', label: 'Value', type: 'number', expr: sql.raw('ce.value') }),
    column({ key: 'unit', label: 'Unit', type: 'text', expr: sql.raw('ce.unit') }),
    column({ key: 'status', label: 'Status', type: 'text', expr: sql.raw('ce.status') }),
    column({
      key: 'completed_at',
      label: 'Completed',
      type: 'date',
      expr: sql.raw('ce.completed_at'),
    }),
  ],
  from: (input) => sql`from cpd_entries ce
    left join cpd_categories cc on cc.id = ce.category_id
    ${personJoins('ce.user_id')}
    where ${activityScope(input.scope, sql`ce.organisation_id`)}
      and ${peopleOf(input, sql`ce.user_id`)}`,
  rowKey: sql.raw('ce.id'),
};
