import {
  DEFAULT_JITSI_URL,
  type TMeetingSettings,
  type TMeetingSettingsInput,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import { isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { fieldError, forbidden, notFound } from '../../core/errors/app-error.ts';
import { guardedFetcher, outboundPolicy } from '../../core/http/outbound.ts';
import { classroomMeetingSettings } from '../../schema/classrooms.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { appBaseUrl } from './checkin.service.ts';
import { bbbProvider } from './meeting-providers/bbb.ts';
import { jitsiProvider } from './meeting-providers/jitsi.ts';
import type { MeetingProvider, ProviderSettings } from './meeting-providers/provider.ts';
import { MEETING_SECRET_KEY, openSecret, sealSecret } from './meetings.seal.ts';

/**
 * Each organisation's meeting provider (GET/PUT /api/classrooms/meeting-settings/). The secret
 * is write-only and sealed at rest; without settings an organisation meets on the public Jitsi
 * server without tokens.
 */

type Row = typeof classroomMeetingSettings.$inferSelect;

const ORGANISATION_NOT_FOUND = 'Organisation not found.';

/** The organisation whose settings the caller reads or writes (superadmins name any). */
async function settingsOrganisation(
  ctx: AppContext,
  actor: Actor,
  requested: number | undefined,
): Promise<number> {
  const organisationId = requested ?? actor.organisationId;
  if (!withinOrganisation(actor, organisationId)) throw notFound(ORGANISATION_NOT_FOUND);
  if (!isAdminOf(actor, organisationId)) {
    throw forbidden("Only the organisation's admins can change its meeting provider.");
  }
  const [org] = await ctx.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound(ORGANISATION_NOT_FOUND);
  return organisationId;
}

async function rowOf(ctx: AppContext, organisationId: number): Promise<Row | undefined> {
  const [row] = await ctx.db
    .select()
    .from(classroomMeetingSettings)
    .where(eq(classroomMeetingSettings.organisationId, organisationId));
  return row;
}

function view(organisationId: number, row: Row | undefined): TMeetingSettings {
  return {
    organisation: organisationId,
    provider: row?.provider ?? 'jitsi',
    base_url: row?.baseUrl ?? DEFAULT_JITSI_URL,
    app_id: row?.appId ?? '',
    has_secret: Boolean(row?.secretSealed),
    configured: row !== undefined,
  };
}

export async function readMeetingSettings(
  ctx: AppContext,
  actor: Actor,
  requested: number | undefined,
): Promise<TMeetingSettings> {
  const organisationId = await settingsOrganisation(ctx, actor, requested);
  return view(organisationId, await rowOf(ctx, organisationId));
}

export async function saveMeetingSettings(
  ctx: AppContext,
  actor: Actor,
  requested: number | undefined,
  input: TMeetingSettingsInput,
  ip: string | null = null,
): Promise<TMeetingSettings> {
  const organisationId = await settingsOrganisation(ctx, actor, requested);
  const baseUrl = input.base_url.replace(/\/+$/, '');
  if (new URL(baseUrl).protocol !== 'https:' && !ctx.config.outbound.allowHttp) {
    throw fieldError('base_url', 'Use an https:// address.');
  }
  const existing = await rowOf(ctx, organisationId);
  const key = await ctx.secrets.get(MEETING_SECRET_KEY);
  const sealed =
    input.secret === undefined
      ? (existing?.secretSealed ?? null)
      : input.secret
        ? sealSecret(key, organisationId, input.secret)
        : null;
  const appId = input.app_id ?? '';
  if (input.provider === 'bbb' && !sealed) {
    throw fieldError('secret', 'BigBlueButton needs the shared secret of its server.');
  }
  if (input.provider === 'jitsi' && appId && !sealed) {
    throw fieldError('secret', 'A Jitsi app id needs the secret its tokens are signed with.');
  }
  if (input.provider === 'jitsi' && !appId && sealed) {
    throw fieldError('app_id', 'A Jitsi secret needs the app id its tokens are issued for.');
  }
  const values = {
    provider: input.provider,
    baseUrl,
    appId,
    secretSealed: sealed,
    updatedAt: new Date(),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(classroomMeetingSettings)
      .values({ organisationId, ...values })
      .onConflictDoUpdate({ target: classroomMeetingSettings.organisationId, set: values })
      .returning();
    // Who pointed the organisation's meetings where, and whether its secret changed (never the secret).
    await recordAudit(tx, {
      action: 'classroom.meeting_settings_changed',
      actorId: actor.userId,
      organisationId,
      ip,
      details: {
        provider: input.provider,
        base_url: baseUrl,
        secret_changed: input.secret !== undefined,
      },
    });
    return saved;
  });
  return view(organisationId, row);
}

/** The organisation's provider settings with the secret opened (the default when unset). */
export async function providerSettingsFor(
  ctx: AppContext,
  organisationId: number,
): Promise<ProviderSettings> {
  const row = await rowOf(ctx, organisationId);
  if (!row) return { provider: 'jitsi', baseUrl: DEFAULT_JITSI_URL, appId: '', secret: null };
  const secret = row.secretSealed
    ? openSecret(await ctx.secrets.get(MEETING_SECRET_KEY), organisationId, row.secretSealed)
    : null;
  return { provider: row.provider, baseUrl: row.baseUrl, appId: row.appId, secret };
}

/** The adapter for the organisation's provider, wired to the outbound guard and the clock. */
export async function providerFor(
  ctx: AppContext,
  organisationId: number,
  now: () => Date = () => new Date(),
): Promise<MeetingProvider> {
  const settings = await providerSettingsFor(ctx, organisationId);
  const env = {
    appBaseUrl: await appBaseUrl(ctx, organisationId),
    fetch: guardedFetcher(outboundPolicy(ctx.config)),
    now,
  };
  return settings.provider === 'bbb' ? bbbProvider(settings, env) : jitsiProvider(settings, env);
}
