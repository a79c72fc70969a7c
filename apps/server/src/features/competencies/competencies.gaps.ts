import type { TCompetencyGaps } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { frameworkFor } from './competencies.access.ts';
import { canManageCompetencies } from './competencies.policy.ts';

/**
 * Gaps per department (admins): for each competency of the framework that has a threshold, and
 * each department, how many active members the threshold applies to and how many are below it
 * (no "complete" evidence at the level). One aggregated query: people × thresholded competencies,
 * each person's threshold the most specific one (department and designation, then either, then
 * everyone's), their proficiency the highest "complete" level.
 */
export async function gapsOf(
  db: DbOrTx,
  actor: Actor,
  frameworkId: number,
): Promise<TCompetencyGaps> {
  const framework = await frameworkFor(db, actor, frameworkId);
  if (!canManageCompetencies(actor, framework.organisationId))
    throw notFound('Framework not found.');
  const org = framework.organisationId;
  const [cells, departments, competencies] = await Promise.all([
    queryRows<{ department_id: number; competency_id: number; people: number; below: number }>(
      db,
      sql`
        with comp as (
          select distinct c.id
            from competencies c
            join competency_thresholds t on t.competency_id = c.id
           where c.framework_id = ${frameworkId}
        ),
        people as (
          select p.user_id, p.department_id, p.designation_id
            from user_profiles p
            join memberships m on m.user_id = p.user_id and m.organisation_id = ${org}
            join users u on u.id = p.user_id and u.is_active
            join departments d on d.id = p.department_id and d.organisation_id = ${org}
        ),
        need as (
          select pe.user_id, pe.department_id, comp.id as competency_id,
                 (select t.level
                    from competency_thresholds t
                   where t.competency_id = comp.id
                     and (t.department_id is null or t.department_id = pe.department_id)
                     and (t.designation_id is null or t.designation_id = pe.designation_id)
                   order by (t.department_id is not null)::int
                            + (t.designation_id is not null)::int desc
                   limit 1) as expected
            from people pe cross join comp
        ),
        prof as (
          select user_id, competency_id, max(level) as level
            from competency_evidence
           where outcome = 'complete' and competency_id in (select id from comp)
           group by user_id, competency_id
        )
        select n.department_id, n.competency_id, count(*)::int as people,
               (count(*) filter (where coalesce(pr.level, 0) < n.expected))::int as below
          from need n
          left join prof pr on pr.user_id = n.user_id and pr.competency_id = n.competency_id
         where n.expected is not null
         group by n.department_id, n.competency_id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from departments where organisation_id = ${org} order by lower(name), id`,
    ),
    queryRows<{ id: number; code: string; name: string }>(
      db,
      sql`
        select c.id, c.code, c.name
          from competencies c
         where c.framework_id = ${frameworkId}
           and exists (select 1 from competency_thresholds t where t.competency_id = c.id)
         order by lower(c.code), c.id`,
    ),
  ]);
  return {
    departments: departments.map((d) => ({ id: Number(d.id), name: d.name })),
    competencies: competencies.map((c) => ({ id: Number(c.id), code: c.code, name: c.name })),
    cells: cells.map((c) => ({
      department_id: Number(c.department_id),
      competency_id: Number(c.competency_id),
      people: Number(c.people),
      below: Number(c.below),
    })),
  };
}
