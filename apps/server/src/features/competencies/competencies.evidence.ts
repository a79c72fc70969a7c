import { randomUUID } from 'node:crypto';
import {
  COMPETENCY_PROFILE_EVIDENCE_MAX,
  type TCompetencyEvidence,
  type TCompetencyEvidenceCreate,
  type TCompetencyProfile,
} from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { fieldError, notFound } from '../../core/errors/app-error.ts';
import { competencyEvidence } from '../../schema/competencies.table.ts';
import { memberships } from '../../schema/users.table.ts';
import { competencyFor, frameworkFor } from './competencies.access.ts';
import { presentCompetency } from './competencies.frameworks.ts';
import { canRecordEvidence, canSeeProfileOf } from './competencies.policy.ts';

/**
 * Evidence: from events (what a course, assessment or classroom topic gives through its links;
 * once per person, competency and source by a unique index) and by hand from admins and
 * trainers, with a note. The profile reads proficiency as the highest "complete" level.
 */

type EvidenceRow = typeof competencyEvidence.$inferSelect;
export type EvidenceSource = 'course' | 'assessment' | 'classroom_topic';

const PERSON_NOT_FOUND = 'User not found.';

const presentEvidence = (r: EvidenceRow): TCompetencyEvidence => ({
  id: r.id,
  competency_id: r.competencyId,
  source: r.source,
  source_id: r.sourceId,
  outcome: r.outcome,
  level: r.level,
  note: r.note,
  recorded_by: r.recordedBy,
  created_at: r.createdAt.toISOString(),
});

/**
 * Evidence for what the person finished, from every link of the source: one statement, so a
 * redelivered event (or classroom.completed after session.attended for the same topic) inserts
 * nothing new. Returns how many rows it added.
 */
export async function evidenceFromSource(
  db: DbOrTx,
  input: { organisationId: number; userId: number; source: EvidenceSource; sourceId: number },
): Promise<number> {
  const key = `${input.source}:${input.sourceId}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      insert into competency_evidence
        (organisation_id, user_id, competency_id, source, source_id, source_key, outcome, level)
      select l.organisation_id, ${input.userId}, l.competency_id, l.target_type, l.target_id,
             ${key}, l.outcome, l.level
        from competency_links l
       where l.organisation_id = ${input.organisationId}
         and l.target_type = ${input.source}
         and l.target_id = ${input.sourceId}
      on conflict (user_id, competency_id, source_key) do nothing
      returning id`,
  );
  return rows.length;
}

/** The person's membership in the organisation, or 404. */
async function memberOf(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  if (!row) throw notFound(PERSON_NOT_FOUND);
  return { userId, organisationId };
}

export async function addEvidence(
  ctx: AppContext,
  actor: Actor,
  input: TCompetencyEvidenceCreate,
): Promise<TCompetencyEvidence> {
  return ctx.db.transaction(async (tx) => {
    // Ids of another organisation in the body are 404, as they would be in a path.
    const competency = await competencyFor(tx, actor, input.competency_id);
    const framework = await frameworkFor(tx, actor, competency.frameworkId);
    if (input.level > framework.scale.length)
      throw fieldError('level', `The framework's scale has ${framework.scale.length} levels.`);
    const person = await memberOf(tx, competency.organisationId, input.user_id);
    if (!canRecordEvidence(actor, person))
      throw fieldError('user_id', 'You cannot record evidence for this person.');
    const [row] = await tx
      .insert(competencyEvidence)
      .values({
        organisationId: competency.organisationId,
        userId: person.userId,
        competencyId: competency.id,
        source: 'manual',
        sourceKey: `manual:${randomUUID()}`,
        outcome: input.outcome,
        level: input.level,
        note: input.note,
        recordedBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: 'competency.evidence_recorded',
      actorId: actor.userId,
      targetUserId: person.userId,
      organisationId: competency.organisationId,
      details: { competencyId: competency.id, outcome: input.outcome, level: input.level },
    });
    return presentEvidence(row!);
  });
}

/** Competencies listed on one profile (evidence or an expectation); enough for any real tree. */
const PROFILE_LIMIT = 500;

type ProfileLine = {
  id: number;
  framework_id: number;
  parent_id: number | null;
  code: string;
  name: string;
  description: string;
  framework_name: string;
  scale: { level: number; name: string }[];
  proficiency: number | null;
  expected: number | null;
};

/**
 * Per competency the person has evidence for or a threshold expects of them: proficiency, the
 * threshold that applies (department and designation before department, designation, everyone)
 * and the newest evidence. Two queries whatever the number of competencies.
 */
export async function profileOf(
  db: DbOrTx,
  actor: Actor,
  userId: number = actor.userId,
): Promise<TCompetencyProfile> {
  const org = actor.organisationId;
  const person = await memberOf(db, org, userId);
  if (!canSeeProfileOf(actor, person)) throw notFound(PERSON_NOT_FOUND);
  const lines = await queryRows<ProfileLine>(
    db,
    sql`
      with person as (
        select department_id, designation_id from user_profiles where user_id = ${userId}
      ),
      ev as (
        select competency_id, max(level) filter (where outcome = 'complete') as proficiency
          from competency_evidence
         where user_id = ${userId} and organisation_id = ${org}
         group by competency_id
      ),
      th as (
        select distinct on (t.competency_id) t.competency_id, t.level
          from competency_thresholds t
          left join person p on true
         where t.organisation_id = ${org}
           and (t.department_id is null or t.department_id = p.department_id)
           and (t.designation_id is null or t.designation_id = p.designation_id)
         order by t.competency_id,
                  (t.department_id is not null)::int + (t.designation_id is not null)::int desc
      )
      select c.id, c.framework_id, c.parent_id, c.code, c.name, c.description,
             f.name as framework_name, f.scale, ev.proficiency, th.level as expected
        from competencies c
        join competency_frameworks f on f.id = c.framework_id
        left join ev on ev.competency_id = c.id
        left join th on th.competency_id = c.id
       where c.organisation_id = ${org}
         and (ev.competency_id is not null or th.competency_id is not null)
       order by lower(f.name), f.id, lower(c.code)
       limit ${PROFILE_LIMIT}`,
  );
  const ids = lines.map((l) => Number(l.id));
  const evidence = new Map<number, TCompetencyEvidence[]>();
  if (ids.length > 0) {
    const rows = await queryRows<{
      id: number;
      competency_id: number;
      source: EvidenceRow['source'];
      source_id: number | null;
      outcome: EvidenceRow['outcome'];
      level: number;
      note: string;
      recorded_by: number | null;
      created_at: string | Date;
    }>(
      db,
      sql`
        select id, competency_id, source, source_id, outcome, level, note, recorded_by, created_at
          from (
            select e.*, row_number() over (
                     partition by e.competency_id order by e.created_at desc, e.id desc) as n
              from competency_evidence e
             where e.user_id = ${userId} and e.organisation_id = ${org}
          ) ranked
         where n <= ${COMPETENCY_PROFILE_EVIDENCE_MAX}
         order by competency_id, created_at desc, id desc`,
    );
    for (const r of rows) {
      const list = evidence.get(Number(r.competency_id)) ?? [];
      list.push({
        id: Number(r.id),
        competency_id: Number(r.competency_id),
        source: r.source,
        source_id: r.source_id === null ? null : Number(r.source_id),
        outcome: r.outcome,
        level: Number(r.level),
        note: r.note,
        recorded_by: r.recorded_by === null ? null : Number(r.recorded_by),
        created_at: new Date(r.created_at).toISOString(),
      });
      evidence.set(Number(r.competency_id), list);
    }
  }
  return {
    user_id: userId,
    results: lines.map((l) => ({
      competency: presentCompetency({
        id: Number(l.id),
        frameworkId: Number(l.framework_id),
        parentId: l.parent_id === null ? null : Number(l.parent_id),
        code: l.code,
        name: l.name,
        description: l.description,
      }),
      framework_name: l.framework_name,
      scale: l.scale,
      proficiency: l.proficiency === null ? null : Number(l.proficiency),
      expected: l.expected === null ? null : Number(l.expected),
      evidence: evidence.get(Number(l.id)) ?? [],
    })),
    abilities: { add_evidence: canRecordEvidence(actor, person) },
  };
}
