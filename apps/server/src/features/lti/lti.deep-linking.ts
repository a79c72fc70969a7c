import { randomUUID } from 'node:crypto';
import { LTI_FILE_KIND, plainText } from '@atrium/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { actingAs } from '../../core/auth/acting-as.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { courseModules } from '../../schema/courses.table.ts';
import { ltiLaunches, ltiLineItems, ltiLinks, ltiSeen } from '../../schema/lti.table.ts';
import { addLinkedItem } from '../catalogue/index.ts';
import { issuerOf } from './lti.platform.ts';
import { verifyFromTool } from './lti.tool-keys.ts';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim';
/** The author may browse the tool a while before choosing. */
const RETURN_WINDOW_MS = 60 * 60_000;
const MAX_ITEMS = 20;
export const LTI_LINK_CONTENT_TYPE = 'application/vnd.ims.lti.v1.ltilink+json';

const ZResourceLink = z.object({
  type: z.literal('ltiResourceLink'),
  title: plainText().trim().max(255).optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  custom: z.record(z.string().max(50), z.string().max(500)).optional(),
  lineItem: z
    .object({
      scoreMaximum: z.number().positive().max(1e9),
      label: z.string().max(255).optional(),
      resourceId: z.string().max(255).optional(),
      tag: z.string().max(255).optional(),
    })
    .optional(),
});

const refused = (message: string) => badRequest(message);

/**
 * Deep Linking 2.0 §4.5: the tool's LtiDeepLinkingResponse, a JWT it signed. Checked: signature
 * (the tool's key set, fetched through the outbound guard, or its key), issuer = client id,
 * audience = this organisation's issuer, message type, version, deployment, and `data`, which
 * names the one deep-linking launch it answers (consumed here, once). The tool's nonce is kept
 * too: a replayed or altered response is a 400 and adds nothing. Each ltiResourceLink becomes a
 * module item (repository entry of kind `lti` + lti_links row + a line item).
 */
export async function deepLinkingReturn(ctx: AppContext, jwt: string, ip?: string) {
  const { tool, payload } = await verifyFromTool(
    ctx,
    jwt,
    (t) => issuerOf(ctx, ctx.db, t.organisationId),
    'deep-linking response',
  );
  if (payload[`${LTI}/message_type`] !== 'LtiDeepLinkingResponse')
    throw refused('This is not a deep-linking response.');
  if (payload[`${LTI}/version`] !== '1.3.0') throw refused('Unsupported LTI version.');
  if (payload[`${LTI}/deployment_id`] !== tool.deploymentId) throw refused('Unknown deployment.');
  const nonce = payload.nonce;
  const data = payload[`${DL}/data`];
  if (typeof nonce !== 'string' || !nonce || typeof data !== 'string')
    throw refused('The deep-linking response has no nonce or data.');
  const raw = payload[`${DL}/content_items`];
  const items = (Array.isArray(raw) ? raw : [])
    .filter((i) => i && (i as { type?: unknown }).type === 'ltiResourceLink')
    .slice(0, MAX_ITEMS)
    .map((i) => ZResourceLink.safeParse(i));
  if (items.some((i) => !i.success)) throw refused('A content item is not a valid resource link.');

  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [launch] = await tx
      .update(ltiLaunches)
      .set({ returnedAt: new Date() })
      .where(
        and(
          eq(ltiLaunches.id, data),
          eq(ltiLaunches.toolId, tool.id),
          eq(ltiLaunches.kind, 'deep_linking'),
          isNull(ltiLaunches.returnedAt),
        ),
      )
      .returning();
    if (
      !launch?.usedAt ||
      !launch.moduleId ||
      Date.now() - launch.usedAt.getTime() > RETURN_WINDOW_MS
    )
      throw refused('This deep-linking response was used already or has expired.');
    const [fresh] = await tx
      .insert(ltiSeen)
      .values({
        toolId: tool.id,
        kind: 'dl-nonce',
        value: nonce.slice(0, 255),
        expiresAt: new Date(Date.now() + 24 * 3600_000),
      })
      .onConflictDoNothing()
      .returning({ value: ltiSeen.value });
    if (!fresh) throw refused('This deep-linking response was used already.');
    const author = await actingAs(tx, launch.userId, launch.organisationId);
    if (!author) throw refused('The author can no longer add content here.');
    const [module] = await tx
      .select()
      .from(courseModules)
      .where(eq(courseModules.id, launch.moduleId));
    const added: string[] = [];
    for (const parsed of items) {
      const item = parsed.data!;
      const title = item.title || tool.name;
      const placed = await addLinkedItem(tx, author, launch.moduleId, {
        name: title,
        kind: LTI_FILE_KIND,
        // Names no stored file: the item has no bytes (downloads answer 404).
        storageKey: `lti/${randomUUID()}`,
        contentType: LTI_LINK_CONTENT_TYPE,
        ip,
      });
      const [link] = await tx
        .insert(ltiLinks)
        .values({
          organisationId: tool.organisationId,
          toolId: tool.id,
          repositoryFileId: placed.fileId,
          title,
          url: item.url ?? null,
          custom: item.custom ?? {},
        })
        .returning({ id: ltiLinks.id });
      await tx.insert(ltiLineItems).values({
        toolId: tool.id,
        courseId: placed.courseId,
        linkId: link!.id,
        label: item.lineItem?.label || title,
        scoreMaximum: item.lineItem?.scoreMaximum ?? 100,
        resourceId: item.lineItem?.resourceId ?? null,
        tag: item.lineItem?.tag ?? null,
      });
      added.push(title);
    }
    return { added, module: module?.title ?? '', courseId: launch.courseId };
  });
}
