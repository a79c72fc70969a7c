import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MANUAL_ROLES,
  type TManualPageSummary,
  ZManualScreen,
  ZManualSlugParams,
} from '@atrium/contract';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type RenderedPage, renderManualMarkdown } from './manual.render.ts';

/**
 * The manual's pages: `apps/server/manual/<slug>.md`, each opening with YAML front matter
 * (title, summary, roles, screens, order) and then Markdown. They ship with the server, so they
 * are read and rendered once, on the first request, and kept: a page changes with a release.
 * A page whose front matter is wrong fails loudly (manual.test.ts loads them all), so a typo
 * never hides a page silently.
 */

export const MANUAL_DIR = fileURLToPath(new URL('../../../manual/', import.meta.url));

const ZFrontMatter = z.object({
  title: z.string().trim().min(1),
  summary: z.string().trim().min(1),
  roles: z.array(z.enum(MANUAL_ROLES)).min(1),
  screens: z.array(ZManualScreen).min(1),
  order: z.number().int(),
});

export interface ManualPage extends TManualPageSummary, RenderedPage {
  order: number;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** One page from its file's text; throws with the file's name when it is not well formed. */
export function parseManualPage(slug: string, source: string): ManualPage {
  const where = `manual page ${slug}.md`;
  if (!ZManualSlugParams.safeParse({ slug }).success || slug === 'search') {
    throw new Error(`${where}: the file name is not a usable slug`);
  }
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${where}: no front matter`);
  const meta = ZFrontMatter.safeParse(parseYaml(match[1] ?? ''));
  if (!meta.success) throw new Error(`${where}: ${meta.error.message}`);
  const { order, ...summary } = meta.data;
  return { slug, order, ...summary, ...renderManualMarkdown(match[2] ?? '') };
}

/** Every page of a folder, in reading order (order, then title). */
export function loadManual(dir: string = MANUAL_DIR): ManualPage[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => parseManualPage(name.slice(0, -3), readFileSync(join(dir, name), 'utf8')))
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

let cached: ManualPage[] | undefined;

/** The shipped pages, read on first use. */
export function manualPages(): ManualPage[] {
  cached ??= loadManual();
  return cached;
}

export const summaryOf = (page: ManualPage): TManualPageSummary => ({
  slug: page.slug,
  title: page.title,
  summary: page.summary,
  roles: page.roles,
  screens: page.screens,
});
