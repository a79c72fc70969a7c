import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/browser.ts';
import { call, freshLearner, publishAndEnrol, trainerCourse } from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_DARK = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark' as const,
  reducedMotion: 'reduce' as const,
};

async function shot(page: Page, name: string, fullPage = true) {
  // MUI's dialog fade ignores reduced motion: let it finish before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
  await saveScreenshot(page, name, { fullPage });
}

/** A published course of the demo admin with one module and a fresh learner enrolled in it. */
async function courseWithLearner() {
  const admin = await apiSignIn('admin');
  const title = `Report writing ${uniqueTag()}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>Hand in a short report.</p>',
  });
  await call('POST', `/api/courses/${course.id}/modules/`, admin, { title: 'Getting started' });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  const learner = await freshLearner();
  await call('POST', `/api/courses/${course.id}/assign/`, admin, { users: [learner.id] });
  return { courseId: course.id, learner };
}

describe('course assignments (edit-course page)', () => {
  it('lets an admin add an assignment, grade a submission, and the learner see the grade', async () => {
    const { courseId, learner } = await courseWithLearner();
    const assignmentTitle = `Essay ${uniqueTag()}`;

    // The admin adds an assignment on the edit page, with validation first.
    const { page } = await signedInPage('admin', DESKTOP);
    await page.goto(`/courses/edit-course/${courseId}`);
    const section = page.getByRole('region', { name: 'Assignments' });
    await section.getByText('No assignments yet. Add one for learners to hand in work.').waitFor();
    await section.getByRole('button', { name: 'Add assignment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an assignment' });
    await dialog.getByRole('spinbutton', { name: 'Maximum score' }).fill('0');
    await dialog.getByRole('button', { name: 'Add assignment' }).click();
    await dialog.getByText('This field may not be blank.').waitFor();
    await dialog.getByText('The maximum score is at least 1.').waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(assignmentTitle);
    await dialog
      .getByRole('textbox', { name: 'Instructions' })
      .fill('Write 300 words on what you learnt.');
    await dialog.getByLabel('Due date').fill('2099-03-03');
    await dialog.getByRole('spinbutton', { name: 'Maximum score' }).fill('20');
    await shot(page, 'assignments-dialog', false);
    await dialog.getByRole('button', { name: 'Add assignment' }).click();
    await page.getByText('Assignment added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = section.getByRole('button', { name: `${assignmentTitle}: view 0 submissions` });
    await row.waitFor();
    await section.getByText(/2099 · Out of 20/).waitFor();
    await row.click();
    const submissions = page.getByRole('dialog', {
      name: new RegExp(`Submissions: ${assignmentTitle}`),
    });
    await submissions.getByText('No submissions yet.', { exact: false }).waitFor();
    await submissions.getByRole('button', { name: 'Close' }).click();
    await submissions.waitFor({ state: 'hidden' });

    // The learner hands in a written answer in the course player.
    const learnerSession = await signedInPage(learner, DESKTOP);
    const player = learnerSession.page;
    await player.goto(`/course-module/${courseId}`);
    await player.getByText(assignmentTitle).first().waitFor();
    await player
      .getByRole('textbox', { name: 'Your answer' })
      .fill('I learnt to plan before writing.');
    await player.getByRole('button', { name: 'Submit', exact: true }).click();
    await player.getByText('Your work was submitted.').waitFor();
    await player.getByText('Awaiting grade').waitFor();

    // The admin opens the submissions and grades it: the cap first, then a real grade.
    await page.reload();
    await section.getByRole('button', { name: `${assignmentTitle}: view 1 submission` }).click();
    await submissions.getByText('I learnt to plan before writing.').waitFor();
    await submissions.getByText('Awaiting grade').waitFor();
    await shot(page, 'assignments-submissions', false);
    await submissions.getByRole('button', { name: /^Grade Lee Golfer/ }).click();
    const score = submissions.getByRole('spinbutton', { name: 'Score' });
    await shot(page, 'assignments-grading', false);
    await score.fill('25');
    await submissions.getByRole('button', { name: 'Save grade' }).click();
    await submissions.getByText('The score can be at most 20.').waitFor();
    await score.fill('18');
    await submissions.getByRole('textbox', { name: 'Feedback' }).fill('Clear plan, good examples.');
    await submissions.getByRole('button', { name: 'Save grade' }).click();
    await page.getByText('Grade saved.').waitFor();
    await submissions.getByRole('button', { name: /^Change the grade of Lee Golfer/ }).waitFor();
    await submissions.getByText('18 / 20').waitFor();
    await submissions.getByText('Clear plan, good examples.').waitFor();
    await shot(page, 'assignments-graded', false);
    await submissions.getByRole('button', { name: 'Close' }).click();

    // The server's field error lands under the field: a lower maximum than a given grade.
    await section.getByRole('button', { name: `Edit ${assignmentTitle}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the assignment' });
    await edit.getByRole('spinbutton', { name: 'Maximum score' }).fill('10');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('A submission is already graded above this score.').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await shot(page, 'assignments-section');

    // The learner reloads and sees the grade and the feedback.
    await player.reload();
    await player.getByText('Grade: 18 / 20').waitFor();
    await player.getByText('Clear plan, good examples.').waitFor();

    // Phone, dark: the section and the submissions dialog.
    const phone = (await signedInPage('admin', PHONE_DARK)).page;
    await phone.goto(`/courses/edit-course/${courseId}`);
    const phoneSection = phone.getByRole('region', { name: 'Assignments' });
    await phoneSection.scrollIntoViewIfNeeded();
    await phoneSection
      .getByRole('button', { name: `${assignmentTitle}: view 1 submission` })
      .waitFor();
    await phoneSection.screenshot({ path: '/tmp/shots/assignments-phone-dark.png' });
    await phoneSection
      .getByRole('button', { name: `${assignmentTitle}: view 1 submission` })
      .click();
    await phone.getByText('Clear plan, good examples.').waitFor();
    await shot(phone, 'assignments-submissions-phone-dark', false);
    await phone.getByRole('button', { name: 'Close' }).click();

    // Deleting asks first and takes the submissions with it.
    await section.getByRole('button', { name: `Delete ${assignmentTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this assignment?' });
    await confirm.getByText('1 submission,', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete assignment' }).click();
    await page.getByText('Assignment deleted.').waitFor();
    await section.getByText('No assignments yet. Add one for learners to hand in work.').waitFor();
  });

  it("lets a trainer grade on their own course and hides the section on someone else's", async () => {
    const { courseId } = await trainerCourse('Assignments trainer');
    const learner = await freshLearner();
    await publishAndEnrol(courseId, learner.id);
    const trainer = await apiSignIn('trainer');
    const title = `Reflection ${uniqueTag()}`;
    const assignment = await call<{ id: number }>('POST', '/api/courses/assignment/', trainer, {
      course: courseId,
      title,
      max_score: 10,
    });
    const learnerToken = await apiSignIn(learner.username, learner.password);
    const form = new FormData();
    form.append('text', 'My reflection.');
    form.append('file', new Blob(['Notes from the course.'], { type: 'text/plain' }), 'notes.txt');
    await call('POST', `/api/courses/assignment/${assignment.id}/submit/`, learnerToken, form);

    // bypassCSP lets axe be injected for the accessibility check.
    const { page } = await signedInPage('trainer', { ...DESKTOP, bypassCSP: true });
    await page.goto(`/courses/edit-course/${courseId}`);
    const section = page.getByRole('region', { name: 'Assignments' });
    await section.getByRole('button', { name: `${title}: view 1 submission` }).click();
    const submissions = page.getByRole('dialog', { name: new RegExp(`Submissions: ${title}`) });
    await submissions.getByText('My reflection.').waitFor();
    await page.waitForTimeout(400);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The file comes through the API client with the session token, under its own name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      submissions.getByRole('button', { name: /^Download notes\.txt from Lee Golfer/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    await submissions.getByRole('button', { name: /^Grade Lee Golfer/ }).click();
    await submissions.getByRole('spinbutton', { name: 'Score' }).fill('9');
    await submissions.getByRole('button', { name: 'Save grade' }).click();
    await submissions.getByText('9 / 10').waitFor();
    await shot(page, 'assignments-trainer', false);

    // The server refuses assignments to a trainer on an admin's course: no section there.
    const other = await courseWithLearner();
    await page.goto(`/courses/edit-course/${other.courseId}`);
    await page.getByRole('region', { name: 'Modules' }).waitFor();
    expect(await page.getByRole('region', { name: 'Assignments' }).count()).toBe(0);
  });
});
