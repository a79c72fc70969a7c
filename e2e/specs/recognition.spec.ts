import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { call, tinyPdf } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { pdfText } from '../support/pdf.ts';
import { apiJson, uniqueTag } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';
import { rgbPng } from '../support/png.ts';

const { newPage, signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

interface Certificate {
  id: number;
  code: string;
  learner_name: string;
  achievement_name: string;
  pdf_ready: boolean;
  status: string;
  credential_uuid: string | null;
}

interface CredentialCheck {
  verified: boolean;
  revoked: boolean;
}

async function shot(page: Page, name: string) {
  await saveScreenshot(page, `recognition-${name}`);
}

/**
 * As the demo admin: a published one-file course assigned to the learner, and a badge for
 * completing it (the demo organisation's default certificate template covers courses).
 */
async function courseAndBadge(learnerId: number) {
  const tag = uniqueTag();
  const admin = await apiSignIn('admin');
  const title = `Safe lifting ${tag}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>Lift with your legs.</p>',
  });
  const mod = await call<{ id: number }>('POST', `/api/courses/${course.id}/modules/`, admin, {
    title: 'The one rule',
  });
  const form = new FormData();
  const pdfName = `Lifting card ${tag}.pdf`;
  form.append('name', pdfName);
  form.append('file', new Blob([new Uint8Array(tinyPdf('Bend your knees'))]), pdfName);
  const file = await call<{ id: number }>('POST', '/api/courses/file-repo/', admin, form);
  await call('POST', `/api/courses/modules/${mod.id}/files/`, admin, { file: file.id });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  await call('POST', `/api/courses/${course.id}/assign/`, admin, { users: [learnerId] });

  const badgeName = `Lifter ${tag}`;
  const badge = new FormData();
  badge.append('name', badgeName);
  badge.append('description', 'Completed the safe lifting course.');
  badge.append('criteria', JSON.stringify({ courses: [course.id] }));
  const png = rgbPng(64, 64, (x, y) => [40 + x * 3, 120, 200 - y * 2]);
  badge.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lifter.png');
  await call('POST', '/api/gamification/add-badge/', admin, badge);
  return { courseId: course.id, title, badgeName, admin };
}

describe('issue 21: from a completed course to points, a badge, a certificate and its verification', () => {
  it('the learner sees points and the badge arrive live, their level and place, downloads a certificate that verifies, until the admin revokes it', async () => {
    const learner = await freshLearner();
    const { courseId, title, badgeName, admin } = await courseAndBadge(learner.id);
    const { page, token } = await signedInPage(learner, { ...DESKTOP, acceptDownloads: true });
    const errors = collectPageErrors(page);

    // ── Complete the course: points and the badge arrive on the open page ──
    await page.goto(`/course-module/${courseId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await page.getByText('Congratulations, you completed this course!').waitFor();
    await page.getByText('+100 points').waitFor({ timeout: 30_000 });
    await page.getByText(`New badge: ${badgeName}`).waitFor({ timeout: 30_000 });
    await shot(page, 'live');

    // ── The top bar names the level the points reached ──
    // 5 for signing in, 5 for the file, 100 for the course: Explorer starts at 100.
    const detail = await apiJson<{ points: number }>(
      `/api/gamification/user-detail/${learner.id}/`,
      token,
    );
    expect(detail.points).toBe(110);
    await page.getByRole('link', { name: 'Leaderboard, level Explorer' }).waitFor();

    // ── Their place on this month's board ──
    await page.getByRole('link', { name: 'Leaderboard, level Explorer' }).click();
    await page.waitForURL(/\/leaderboard$/);
    const place = page.getByRole('region', { name: 'Your place' });
    await place.getByText(/^Rank \d+$/).waitFor();
    await place.getByText('110 points this month').waitFor();
    await place.getByRole('link', { name: 'My points' }).click();
    await page.waitForURL(new RegExp(`/leaderboard/${learner.id}$`));
    const gallery = page.getByRole('list', { name: 'Badge gallery' });
    await gallery.getByRole('listitem', { name: `${badgeName}: earned` }).waitFor();
    // The award's Open Badges credential (issued by a reaction of its own): the badge image
    // with the credential baked into it.
    const png = gallery
      .getByRole('listitem', { name: `${badgeName}: earned` })
      .getByRole('link', { name: 'Badge PNG' });
    await expect
      .poll(
        async () => {
          if ((await png.count()) === 0) await page.reload();
          return png.count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    const baked = await fetch(`${new URL(page.url()).origin}${await png.getAttribute('href')}`);
    expect(baked.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await baked.arrayBuffer());
    expect(bytes.includes('openbadgecredential')).toBe(true);
    expect(bytes.includes(badgeName)).toBe(true);
    await shot(page, 'person');

    // ── The certificate: its PDF says who, what and the code ──
    let certificate: Certificate | undefined;
    await expect
      .poll(
        async () => {
          const list = await apiJson<{ results: Certificate[] }>('/api/user-certificate/', token);
          certificate = list.results.find((c) => c.achievement_name === title);
          return certificate?.pdf_ready === true && certificate.credential_uuid !== null;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const issued = certificate!;
    expect(issued.learner_name).toMatch(/^Lee Golfer /);
    await page.goto('/certificate');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    await shot(page, 'certificates');
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download PDF' }).click();
    const pdfPath = await (await download).path();
    const pdf = readFileSync(pdfPath);
    const text = await pdfText(pdf);
    expect(text).toContain(issued.learner_name);
    expect(text).toContain(title);
    expect(text).toContain(issued.code);

    // ── The public verification page, signed out: valid, and the PDF matches ──
    const visitor = await newPage({ ...DESKTOP, bypassCSP: true });
    const visitorErrors = collectPageErrors(visitor);
    await visitor.goto(`/verify/${issued.code}`);
    await visitor.getByText('This certificate is valid.').waitFor();
    expect(await visitor.getByText(issued.learner_name).count()).toBeGreaterThan(0);
    await visitor.getByLabel('Choose the PDF to check').setInputFiles(pdfPath);
    await visitor.getByText('This PDF is exactly the certificate that was issued.').waitFor();
    const edited = Buffer.from(pdf);
    const middle = Math.floor(edited.length / 2);
    edited[middle] = edited[middle]! ^ 0x01;
    await visitor.getByLabel('Choose the PDF to check').setInputFiles({
      name: 'edited.pdf',
      mimeType: 'application/pdf',
      buffer: edited,
    });
    await visitor
      .getByText('This PDF does not match the issued certificate', { exact: false })
      .waitFor();
    const credential = `/api/credentials/${issued.credential_uuid}/verify/`;
    expect(await apiJson<CredentialCheck>(credential, token)).toMatchObject({
      verified: true,
      revoked: false,
    });
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await shot(visitor, 'verify-valid');

    // ── The admin revokes it from the issued certificates ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    await adminPage.goto('/certificate');
    await adminPage.getByRole('tab', { name: 'Issued certificates' }).click();
    await adminPage.getByRole('button', { name: `Revoke ${issued.code}` }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Issued for the wrong course version.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'detached' });

    await visitor.reload();
    await visitor
      .getByText('Issued for the wrong course version.', { exact: false })
      .first()
      .waitFor();
    expect(
      await visitor.getByText('This certificate was revoked on', { exact: false }).count(),
    ).toBe(1);
    await shot(visitor, 'verify-revoked');
    // The credential's status list says so too, once its reaction has run.
    await expect
      .poll(async () => (await apiJson<CredentialCheck>(credential, admin)).revoked, {
        timeout: 20_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  }, 180_000);

  it('the verification page fits a 360 px phone in dark mode', async () => {
    const admin = await apiSignIn('admin');
    const list = await apiJson<{ results: Certificate[] }>('/api/user-certificate/', admin);
    const any = list.results[0];
    expect(any).toBeDefined();
    const phone = await newPage(PHONE_DARK);
    await phone.goto(`/verify/${any!.code}`);
    await phone.getByText('Verification code').waitFor();
    await expectFitsPhone(phone, 'recognition-verify-phone');
  });
});
