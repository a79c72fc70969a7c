import { THEME_IMAGE_KINDS, type TThemeImageKind, type TThemeUpdate } from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import { organisationThemes } from '../../schema/organisations.table.ts';
import { canAdministerOrganisation, canSeeOrganisation } from './organisations.policy.ts';

export const THEME_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
const THEME_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const COLUMN: Record<TThemeImageKind, keyof typeof organisationThemes.$inferSelect> = {
  logo: 'logo',
  site_logo: 'siteLogo',
  header_login_logo1: 'headerLoginLogo1',
  header_login_logo2: 'headerLoginLogo2',
  login_banner_image: 'loginBannerImage',
};

/** Public URL of a stored theme image; the key stays on the server. */
export function themeImageUrl(organisationId: number, kind: TThemeImageKind, key: string | null) {
  // The key's file name changes with every upload, so the URL busts caches by itself.
  return key
    ? `/api/v1/accounts/organization-theme/${organisationId}/image/${kind}/?v=${key.split('/').pop()?.slice(0, 8)}`
    : null;
}

function assertMayEdit(auth: AuthContext, organisationId: number) {
  if (!canSeeOrganisation(auth, organisationId)) throw notFound('Organisation not found.');
  if (!canAdministerOrganisation(auth, organisationId)) throw forbidden();
}

async function themeRow(ctx: AppContext, organisationId: number) {
  const [row] = await ctx.db
    .select()
    .from(organisationThemes)
    .where(eq(organisationThemes.organisationId, organisationId));
  if (!row) throw notFound('Organisation not found.');
  return row;
}

export const themes = {
  assertMayEdit,

  async update(ctx: AppContext, auth: AuthContext, organisationId: number, input: TThemeUpdate) {
    assertMayEdit(auth, organisationId);
    await themeRow(ctx, organisationId);
    await ctx.db
      .update(organisationThemes)
      .set({
        title: input.title,
        welcomeMessage: input.welcome_message,
        headingColor: input.heading_color,
        themeColor: input.theme_color,
        linkColor: input.link_color,
        textColor: input.text_color,
        buttonColor: input.button_color,
        tableHeadColor: input.table_head_color,
        customField: input.custom_field,
        updatedAt: new Date(),
      })
      .where(eq(organisationThemes.organisationId, organisationId));
  },

  /** Stores an uploaded image (checked type and content, generated key) and drops the old one. */
  async setImage(
    ctx: AppContext,
    auth: AuthContext,
    organisationId: number,
    kind: string,
    file: MultipartFile,
  ) {
    assertMayEdit(auth, organisationId);
    if (!(THEME_IMAGE_KINDS as readonly string[]).includes(kind)) {
      file.file.resume();
      throw badRequest(`Unknown image: use one of ${THEME_IMAGE_KINDS.join(', ')}.`);
    }
    const row = await themeRow(ctx, organisationId);
    const stored = await ctx.files.put(file.file, {
      originalName: file.filename,
      allowedExtensions: THEME_IMAGE_TYPES,
      maxBytes: THEME_IMAGE_MAX_BYTES,
      prefix: 'theme-images',
    });
    const column = COLUMN[kind as TThemeImageKind];
    const previous = row[column] as string | null;
    await ctx.db
      .update(organisationThemes)
      .set({ [column]: stored.key, updatedAt: new Date() })
      .where(eq(organisationThemes.organisationId, organisationId));
    if (previous) await ctx.files.delete(previous).catch(() => {});
    return themeImageUrl(organisationId, kind as TThemeImageKind, stored.key)!;
  },

  async removeImage(
    ctx: AppContext,
    auth: AuthContext,
    organisationId: number,
    kind: TThemeImageKind,
  ) {
    assertMayEdit(auth, organisationId);
    const row = await themeRow(ctx, organisationId);
    const column = COLUMN[kind];
    const previous = row[column] as string | null;
    await ctx.db
      .update(organisationThemes)
      .set({ [column]: null, updatedAt: new Date() })
      .where(eq(organisationThemes.organisationId, organisationId));
    if (previous) await ctx.files.delete(previous).catch(() => {});
  },

  /** The stored image for the public sign-in page; the content type comes from the checked extension. */
  async image(ctx: AppContext, organisationId: number, kind: TThemeImageKind) {
    const row = await themeRow(ctx, organisationId);
    const key = row[COLUMN[kind]] as string | null;
    if (!key) throw notFound('No such image.');
    const ext = key.split('.').pop()!;
    const type = ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : `image/${ext}`;
    return { stream: await ctx.files.open(key), type };
  },
};
