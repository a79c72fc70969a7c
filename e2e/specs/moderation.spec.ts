import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { call } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

interface Feed {
  results: { id: number; body: string; moderation_state: string }[];
}

describe('issue 20: moderation', () => {
  it('a member reports a wall post, an admin hides it; others no longer see it, its author sees it marked', async () => {
    const poster = await freshLearner();
    const posterName = `Lee Golfer ${poster.username.slice(-4)}`;
    const posterToken = await apiSignIn(poster.username, poster.password);
    const text = `Buy cheap watches now ${uniqueTag()}`;
    const post = await call<{ id: number }>('POST', '/api/feed/', posterToken, { body: text });

    // Another learner reports it from the post's menu.
    const reporter = await freshLearner();
    const { page, token: reporterToken } = await signedInPage(reporter, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`/socialwall/${post.id}`);
    await page.getByText(text).waitFor();
    await page.getByRole('button', { name: `Actions for the post by ${posterName}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('textbox', { name: /^Note for the moderators/ }).fill('Advert.');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await page.getByText('Thank you. The moderators will look at it.').waitFor();

    // The admin goes from the wall to the queue and hides it.
    const admin = await signedInPage('admin', { ...DESKTOP, bypassCSP: true });
    const adminErrors = collectPageErrors(admin.page);
    await admin.page.goto('/socialwall');
    await admin.page.getByRole('link', { name: 'Moderation' }).click();
    await admin.page.waitForURL(/\/socialwall\/moderation$/);
    const item = admin.page
      .getByRole('article', { name: `Wall post by ${posterName}` })
      .filter({ hasText: text });
    await item.getByText('1 report: Spam').waitFor();
    await saveScreenshot(admin.page, 'moderation-queue');
    expect(await seriousA11yViolations(admin.page)).toEqual([]);
    await item.getByRole('button', { name: 'Hide' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Hide it' });
    await confirm.getByRole('button', { name: 'Hide it' }).click();
    await admin.page.getByText('Hidden.').waitFor();
    await item.waitFor({ state: 'detached' });

    // Gone for the reporter; still there for its author, marked.
    const feed = await apiJson<Feed>('/api/feed/?limit=50', reporterToken);
    expect(feed.results.map((p) => p.id)).not.toContain(post.id);
    const own = await apiJson<Feed>('/api/feed/?limit=50', posterToken);
    expect(own.results.find((p) => p.id === post.id)?.moderation_state).toBe('hidden');
    const author = await signedInPage(poster, DESKTOP);
    await author.page.goto(`/socialwall/${post.id}`);
    await author.page.getByText('Hidden by a moderator').waitFor();
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('a banned word holds a post until the admin releases it', async () => {
    const admin = await apiSignIn('admin');
    const word = `zorblat${uniqueTag()}`;
    await call('POST', '/api/moderation/banned-words/', admin, { phrase: word });
    const poster = await freshLearner();
    const { page } = await signedInPage(poster, DESKTOP);
    await page.goto('/socialwall');
    const composer = page.getByRole('form', { name: 'Write a post' });
    const text = `Totally ${word.toUpperCase()} day ${uniqueTag()}`;
    await composer.getByRole('textbox', { name: 'Write a post' }).fill(text);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    const mine = page.getByRole('article').filter({ hasText: text }).first();
    await mine.getByText('Held for review').waitFor();

    const other = await apiSignIn('learner');
    const before = await apiJson<Feed>('/api/feed/?limit=50', other);
    expect(before.results.some((p) => p.body === text)).toBe(false);

    const queue = await apiJson<{ results: { id: number; excerpt: string; held: boolean }[] }>(
      '/api/moderation/queue/?kind=wall_post&page_size=100',
      admin,
    );
    const item = queue.results.find((i) => i.excerpt.includes(text));
    expect(item?.held).toBe(true);
    await call('POST', `/api/moderation/queue/${item?.id}/action/`, admin, { action: 'restore' });
    const after = await apiJson<Feed>('/api/feed/?limit=50', other);
    expect(after.results.some((p) => p.body === text)).toBe(true);
  });
});
