import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

describe('course texts', () => {
  it('an admin writes the catalogue introduction; learners read it above the catalogue', async () => {
    const intro = `Welcome to our academy ${uniqueTag()}`;
    const admin = await signedInPage('admin', DESKTOP);
    await admin.page.goto('/courses/admin-all-course-detail');
    const field = admin.page.getByLabel('Catalogue introduction');
    await field.fill(intro);
    await admin.page.getByRole('button', { name: 'Save texts' }).click();
    await admin.page.getByText('Course texts saved.').waitFor();
    // Saved: after a reload the field holds it and Save is idle again.
    await admin.page.reload();
    await expect
      .poll(() => admin.page.getByLabel('Catalogue introduction').inputValue())
      .toBe(intro);
    expect(await admin.page.getByRole('button', { name: 'Save texts' }).isDisabled()).toBe(true);

    const learner = await signedInPage('learner', DESKTOP);
    await learner.page.goto('/courses');
    await learner.page.getByText(intro).waitFor();

    // Emptied, the default line comes back.
    await admin.page.getByLabel('Catalogue introduction').fill('');
    await admin.page.getByRole('button', { name: 'Save texts' }).click();
    await admin.page.getByText('Course texts saved.').last().waitFor();
    await learner.page.reload();
    await learner.page.getByText('Learn at your own pace.').waitFor();
  });
});
