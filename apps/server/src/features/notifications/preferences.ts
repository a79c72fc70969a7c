import {
  CHANNELS,
  NOTIFICATION_TYPES,
  type TChannel,
  type TFrequency,
  type TNotificationType,
  type TOrganisationDefaults,
  type TPolicyState,
  type TPreferences,
  type TPreferencesUpdate,
} from '@atrium/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { notificationDefaults, notificationPreferences } from '../../schema/notifications.table.ts';
import { NOTIFICATION_TYPE_DEFINITIONS } from './notification-types.ts';

/** The organisation's rule for one type × channel. */
export interface ChannelRule {
  state: TPolicyState;
  frequency: TFrequency;
}
type Rules = Record<TNotificationType, Record<TChannel, ChannelRule>>;

/** The organisation's rules, its own rows over the types' defaults. */
export async function organisationRules(db: DbOrTx, organisationId: number): Promise<Rules> {
  const rows = await db
    .select()
    .from(notificationDefaults)
    .where(eq(notificationDefaults.organisationId, organisationId));
  const rules = {} as Rules;
  for (const type of NOTIFICATION_TYPES) {
    const defaults = NOTIFICATION_TYPE_DEFINITIONS[type].defaults;
    rules[type] = {
      in_app: { state: 'optional', frequency: defaults.in_app },
      email: { state: 'optional', frequency: defaults.email },
    };
  }
  for (const row of rows) {
    if (rules[row.type])
      rules[row.type][row.channel] = { state: row.state, frequency: row.frequency };
  }
  return rules;
}

/** Moodle's rule: forced wins, disabled is off, optional is the user's choice or the default. */
export function effectiveFrequency(rule: ChannelRule, own: TFrequency | undefined): TFrequency {
  if (rule.state === 'disabled') return 'off';
  if (rule.state === 'forced') return rule.frequency;
  return own ?? rule.frequency;
}

/** Each recipient's in-app and e-mail frequency for one type, in two queries whatever their number. */
export async function frequenciesFor(
  db: DbOrTx,
  organisationId: number,
  type: TNotificationType,
  userIds: number[],
): Promise<Map<number, Record<TChannel, TFrequency>>> {
  const rule = (await organisationRules(db, organisationId))[type];
  const own =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationPreferences)
          .where(
            and(
              inArray(notificationPreferences.userId, userIds),
              eq(notificationPreferences.type, type),
            ),
          );
  const result = new Map<number, Record<TChannel, TFrequency>>();
  for (const userId of userIds) {
    const mine = (channel: TChannel) =>
      own.find((p) => p.userId === userId && p.channel === channel)?.frequency;
    result.set(userId, {
      in_app: effectiveFrequency(rule.in_app, mine('in_app')),
      email: effectiveFrequency(rule.email, mine('email')),
    });
  }
  return result;
}

export async function preferencesOf(
  db: DbOrTx,
  userId: number,
  organisationId: number,
): Promise<TPreferences> {
  const rules = await organisationRules(db, organisationId);
  const own = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return {
    types: NOTIFICATION_TYPES.map((type) => {
      const channel = (c: TChannel) => {
        const mine = own.find((p) => p.type === type && p.channel === c)?.frequency;
        const rule = rules[type][c];
        return {
          frequency: effectiveFrequency(rule, mine),
          state: rule.state,
          default: rule.frequency,
          customised: mine !== undefined && rule.state === 'optional',
        };
      };
      return {
        type,
        label: NOTIFICATION_TYPE_DEFINITIONS[type].label,
        channels: { in_app: channel('in_app'), email: channel('email') },
      };
    }),
  };
}

const digestIsEmailOnly = (channel: TChannel, frequency: TFrequency | null) =>
  channel === 'in_app' && (frequency === 'daily' || frequency === 'weekly');

export async function updatePreferences(
  db: DbOrTx,
  userId: number,
  organisationId: number,
  update: TPreferencesUpdate,
): Promise<void> {
  const rules = await organisationRules(db, organisationId);
  const errors: Record<string, string[]> = {};
  update.preferences.forEach((p, i) => {
    const rule = rules[p.type][p.channel];
    if (rule.state !== 'optional') {
      errors[`preferences.${i}.frequency`] = [
        rule.state === 'forced'
          ? 'Your organisation requires this notification.'
          : 'Your organisation turned this notification off.',
      ];
    } else if (digestIsEmailOnly(p.channel, p.frequency)) {
      errors[`preferences.${i}.frequency`] = ['Digests are for e-mail; choose immediately or off.'];
    }
  });
  if (Object.keys(errors).length > 0) throw badRequest('Some choices cannot be made.', errors);
  for (const p of update.preferences) {
    const key = and(
      eq(notificationPreferences.userId, userId),
      eq(notificationPreferences.type, p.type),
      eq(notificationPreferences.channel, p.channel),
    );
    if (p.frequency === null) {
      await db.delete(notificationPreferences).where(key);
      continue;
    }
    await db
      .insert(notificationPreferences)
      .values({ userId, type: p.type, channel: p.channel, frequency: p.frequency })
      .onConflictDoUpdate({
        target: [
          notificationPreferences.userId,
          notificationPreferences.type,
          notificationPreferences.channel,
        ],
        set: { frequency: p.frequency, updatedAt: sql`now()` },
      });
  }
}

export async function organisationDefaultsOf(
  db: DbOrTx,
  organisationId: number,
): Promise<TOrganisationDefaults> {
  const rules = await organisationRules(db, organisationId);
  return {
    organisation: organisationId,
    defaults: NOTIFICATION_TYPES.flatMap((type) =>
      CHANNELS.map((channel) => ({
        type,
        channel,
        label: NOTIFICATION_TYPE_DEFINITIONS[type].label,
        ...rules[type][channel],
      })),
    ),
  };
}

export async function updateOrganisationDefaults(
  db: DbOrTx,
  organisationId: number,
  defaults: {
    type: TNotificationType;
    channel: TChannel;
    frequency: TFrequency;
    state: TPolicyState;
  }[],
): Promise<void> {
  const errors: Record<string, string[]> = {};
  defaults.forEach((d, i) => {
    if (digestIsEmailOnly(d.channel, d.frequency)) {
      errors[`defaults.${i}.frequency`] = ['Digests are for e-mail; choose immediately or off.'];
    }
  });
  if (Object.keys(errors).length > 0) throw badRequest('Some defaults cannot be set.', errors);
  for (const d of defaults) {
    await db
      .insert(notificationDefaults)
      .values({ organisationId, ...d })
      .onConflictDoUpdate({
        target: [
          notificationDefaults.organisationId,
          notificationDefaults.type,
          notificationDefaults.channel,
        ],
        set: { frequency: d.frequency, state: d.state, updatedAt: sql`now()` },
      });
  }
}
