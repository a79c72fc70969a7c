import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { cpdCategories, cpdSchemes } from '../../schema/cpd.table.ts';
import { events, eventTypes } from '../../schema/events.table.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/**
 * The event engine and CPD on a real footing: a yearly scheme of 20 hours from January (up to
 * 5 carried over), formal and informal categories, three event types, a weekly CPD webinar
 * series (six sessions) and a conference. Matched by name and title: what exists is left alone.
 * The events live in UTC so their stored last end needs no recurrence expansion here.
 */
export async function seedDemoEvents(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
  now = new Date(),
): Promise<boolean> {
  let created = false;
  const [scheme] = await tx
    .select({ id: cpdSchemes.id })
    .from(cpdSchemes)
    .where(and(eq(cpdSchemes.organisationId, organisationId), eq(cpdSchemes.active, true)));
  if (!scheme) {
    await tx.insert(cpdSchemes).values({
      organisationId,
      name: 'Annual CPD',
      unit: 'hours',
      cycleMonths: 12,
      startMonth: 1,
      target: '20',
      carryOverMax: '5',
    });
    created = true;
  }
  const categories = await tx
    .insert(cpdCategories)
    .values([
      { organisationId, name: 'Formal', minimum: '10' },
      { organisationId, name: 'Informal', minimum: '5' },
    ])
    .onConflictDoNothing()
    .returning({ id: cpdCategories.id, name: cpdCategories.name });
  if (categories.length) created = true;
  const types = await tx
    .insert(eventTypes)
    .values([
      { organisationId, name: 'Webinar', colour: '#1976d2' },
      { organisationId, name: 'Workshop', colour: '#2e7d32' },
      { organisationId, name: 'Conference', colour: '#8e24aa' },
    ])
    .onConflictDoNothing()
    .returning({ id: eventTypes.id, name: eventTypes.name });
  if (types.length) created = true;

  const title = 'Safety Briefing Webinar';
  const [existing] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.title, title)));
  if (existing) return created;
  const typeId = (name: string) => types.find((t) => t.name === name)?.id ?? null;
  const formal = categories.find((c) => c.name === 'Formal')?.id ?? null;
  // Next Tuesday 12:00 UTC, weekly for six weeks; the conference a month out.
  const day = new Date(now.getTime() + ((9 - now.getUTCDay()) % 7 || 7) * DAY);
  const webinarStart = new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12),
  );
  const hour = 3_600_000;
  const conferenceStart = new Date(webinarStart.getTime() + 4 * WEEK - 3 * hour);
  await tx.insert(events).values([
    {
      organisationId,
      typeId: typeId('Webinar'),
      title,
      description:
        '<p>A weekly hour on one topic of workplace safety, with questions at the end.</p>',
      startsAt: webinarStart,
      endsAt: new Date(webinarStart.getTime() + hour),
      timeZone: 'UTC',
      rrule: 'FREQ=WEEKLY;COUNT=6',
      lastEndsAt: new Date(webinarStart.getTime() + 5 * WEEK + hour),
      onlineUrl: 'https://meet.jit.si/atrium-demo-safety-briefing',
      cpdValue: '1',
      cpdUnit: 'hours',
      cpdCategoryId: formal,
      status: 'published',
      createdBy: people.trainer ?? null,
    },
    {
      organisationId,
      typeId: typeId('Conference'),
      title: 'Learning at Work Day',
      description: '<p>Talks and stands from every team: what we learned this year.</p>',
      startsAt: conferenceStart,
      endsAt: new Date(conferenceStart.getTime() + 7 * hour),
      timeZone: 'UTC',
      lastEndsAt: new Date(conferenceStart.getTime() + 7 * hour),
      location: 'Main hall',
      capacity: 120,
      cpdValue: '6',
      cpdUnit: 'hours',
      cpdCategoryId: formal,
      status: 'published',
      createdBy: people.admin ?? null,
    },
  ]);
  return true;
}
