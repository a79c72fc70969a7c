import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../core/config/config.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { defineJob } from '../../core/module.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import type { Organisation } from '../organisations/index.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import {
  resetMail,
  signUpAddressTakenMail,
  signUpNameTakenMail,
  verificationMail,
} from './auth.mails.ts';
import {
  consumeOneTimeTokens,
  createOneTimeToken,
  findSignInCandidate,
} from './auth.repository.ts';
import { encodeUid, hashOtp, hashSecret, newOtp, newSecret } from './secrets.ts';
import { normaliseIdentifier } from './throttle.ts';

/**
 * Auth mails go out from the job queue, after the request has been answered:
 * a known and an unknown address take the same time to answer (no timing
 * oracle from the SMTP round trip), and a mail server hiccup is retried.
 * Secrets are created by the job itself, so none sits in the jobs table.
 */
declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Whoever the identifier names, if a member (or a superadmin) of the organisation. */
    'mail.password_reset': { identifier: string; organisationId: number };
    'mail.sign_up_verification': { userId: number; organisationId: number };
    /** A sign-up refused because the name or address is taken. */
    'mail.sign_up_taken': { username: string; email: string; organisationId: number };
  }
}

export const RESET_LINK_TTL_MS = 30 * 60_000;
export const RESET_OTP_TTL_MS = 10 * 60_000;
const VERIFY_TTL_MS = 24 * 3_600_000;

/**
 * Where the links of an auth mail point. An organisation's public_base_url is
 * set by the organisation, so a mail to a superadmin or to someone who is not
 * a member of that organisation always uses the install's PUBLIC_BASE_URL: a
 * secret must never travel to an address the recipient's own admins did not
 * choose (reset-link poisoning).
 */
export function mailLinkBase(
  config: Pick<AppConfig, 'publicBaseUrl'>,
  org: Organisation,
  recipient: { isSuperadmin: boolean; isMember: boolean },
): string {
  if (recipient.isSuperadmin || !recipient.isMember) return config.publicBaseUrl;
  return organisationBaseUrl(org, config.publicBaseUrl);
}

async function organisationById(ctx: AppContext, id: number) {
  const [org] = await ctx.db.select().from(organisations).where(eq(organisations.id, id));
  return org;
}

async function sendPasswordResetMail(
  ctx: AppContext,
  { identifier, organisationId }: { identifier: string; organisationId: number },
) {
  const org = await organisationById(ctx, organisationId);
  if (!org) return;
  const user = await findSignInCandidate(ctx.db, identifier, org.id);
  const isMember = user?.memberRoleId != null;
  // The organisation of the host the request came to; superadmins are served on any.
  if (!user?.isActive || (!isMember && !user.isSuperadmin)) return;

  const link = newSecret();
  const code = newOtp();
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    // A new request makes the older link and code useless.
    await consumeOneTimeTokens(tx, user.id, ['reset_link', 'reset_otp']);
    await createOneTimeToken(tx, {
      userId: user.id,
      purpose: 'reset_link',
      secretHash: hashSecret(link),
      ttlMs: RESET_LINK_TTL_MS,
    });
    await createOneTimeToken(tx, {
      userId: user.id,
      purpose: 'reset_otp',
      secretHash: hashOtp(user.id, code),
      ttlMs: RESET_OTP_TTL_MS,
    });
  });
  const base = mailLinkBase(ctx.config, org, { isSuperadmin: user.isSuperadmin, isMember });
  const url = `${base}/password/reset/confirm/${encodeUid(user.id)}/${link}`;
  // A failure throws: the queue tries again later (with a new link and code).
  await ctx.mailer.send(resetMail(user.email, org.title, url, code));
}

async function sendVerificationMail(
  ctx: AppContext,
  { userId, organisationId }: { userId: number; organisationId: number },
) {
  const org = await organisationById(ctx, organisationId);
  if (!org) return;
  const [user] = await ctx.db
    .select({ email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.isActive) return;
  const secret = newSecret();
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    await consumeOneTimeTokens(tx, userId, ['verify_email']);
    await createOneTimeToken(tx, {
      userId,
      purpose: 'verify_email',
      secretHash: hashSecret(secret),
      ttlMs: VERIFY_TTL_MS,
    });
  });
  // A fresh sign-up is a learner of this organisation: its own base URL applies.
  const base = mailLinkBase(ctx.config, org, { isSuperadmin: false, isMember: true });
  const url = `${base}/verify-email/${encodeUid(userId)}/${secret}`;
  await ctx.mailer.send(verificationMail(user.email, org.title, url));
}

async function sendSignUpTakenMail(
  ctx: AppContext,
  input: { username: string; email: string; organisationId: number },
) {
  const org = await organisationById(ctx, input.organisationId);
  if (!org) return;
  const owner = await findSignInCandidate(ctx.db, normaliseIdentifier(input.email), org.id);
  if (owner && owner.email.toLowerCase() === input.email.toLowerCase()) {
    const isMember = owner.memberRoleId != null;
    const base = mailLinkBase(ctx.config, org, { isSuperadmin: owner.isSuperadmin, isMember });
    await ctx.mailer.send(
      signUpAddressTakenMail(owner.email, org.title, owner.username, `${base}/password/reset/`),
    );
    return;
  }
  // The address is free, so the user name was taken: tell the address, which asked for it.
  await ctx.mailer.send(signUpNameTakenMail(input.email, org.title, input.username));
}

export const authMailJobs = [
  defineJob({ type: 'mail.password_reset', handle: sendPasswordResetMail }),
  defineJob({ type: 'mail.sign_up_verification', handle: sendVerificationMail }),
  defineJob({ type: 'mail.sign_up_taken', handle: sendSignUpTakenMail }),
];
