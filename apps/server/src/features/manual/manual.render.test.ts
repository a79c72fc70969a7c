import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadManual, parseManualPage } from './manual.pages.ts';
import { renderManualMarkdown } from './manual.render.ts';
import { searchManual } from './manual.search.ts';

/* Rendering, loading and searching manual pages, on pages written here. */

const FRONT = `---
title: Sample
summary: A sample page.
roles: [trainer]
order: 1
screens:
  - path: /dashboard
    title: Dashboard
---
`;

const dir = mkdtempSync(join(tmpdir(), 'manual-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('renderManualMarkdown', () => {
  it('drops script, event handlers, images and javascript links', () => {
    const { html } = renderManualMarkdown(
      [
        '## Hello',
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '[click](javascript:alert(3)) and <a href="#" onclick="alert(4)">here</a>',
        '<iframe src="https://example.com"></iframe>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|alert|onerror|onclick|<img|<iframe|javascript:/i);
    expect(html).toContain('<h2 id="hello">Hello</h2>');
  });

  it('gives headings unique ids, h2 to h4, and keeps tables and links', () => {
    const { html, headings } = renderManualMarkdown(
      '# Top\n\n## Étape *une*\n\n### Étape une\n\n##### Deep\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n[Courses](/courses)',
    );
    expect(headings).toEqual([
      { id: 'top', text: 'Top', level: 2 },
      { id: 'etape-une', text: 'Étape une', level: 2 },
      { id: 'etape-une-2', text: 'Étape une', level: 3 },
      { id: 'deep', text: 'Deep', level: 4 },
    ]);
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="/courses">Courses</a>');
  });
});

describe('loading pages', () => {
  it('reads a folder, skipping the README, in order', () => {
    writeFileSync(join(dir, 'b-page.md'), FRONT.replace('order: 1', 'order: 2'));
    writeFileSync(join(dir, 'a-page.md'), `${FRONT}## Bad\n\n<script>alert(1)</script>ok`);
    writeFileSync(join(dir, 'README.md'), 'not a page');
    const pages = loadManual(dir);
    expect(pages.map((p) => p.slug)).toEqual(['a-page', 'b-page']);
    expect(pages[0]?.html).not.toContain('script');
  });

  it('refuses a page without front matter, with a wrong role, or a bad file name', () => {
    expect(() => parseManualPage('x', '## no front matter')).toThrow(/no front matter/);
    expect(() => parseManualPage('x', FRONT.replace('[trainer]', '[learner]'))).toThrow(/x\.md/);
    expect(() => parseManualPage('Bad_Name', FRONT)).toThrow(/slug/);
    expect(() => parseManualPage('search', FRONT)).toThrow(/slug/);
  });
});

describe('searchManual', () => {
  const page = (slug: string, title: string, body: string) =>
    parseManualPage(slug, FRONT.replace('title: Sample', `title: ${title}`) + body);
  const pages = [
    page('one', 'Grading answers', '## Scores\n\nGive feedback on every essay essay essay.'),
    page('two', 'Essays', '## Writing\n\nLearners write an essay.'),
    page('three', 'Other', '## Essay rules\n\nNothing else here about the topic.'),
  ];

  it('ranks title matches first, then by how often the words appear', () => {
    const hits = searchManual(pages, 'essay');
    expect(hits.map((h) => [h.slug, h.title_match])).toEqual([
      ['two', true],
      ['one', false],
      ['three', false],
    ]);
    expect(hits[1]?.anchor).toBe('scores');
    expect(hits[1]?.snippet).toContain('essay');
  });

  it('needs every word, and finds nothing for an empty query', () => {
    expect(searchManual(pages, 'essay feedback').map((h) => h.slug)).toEqual(['one']);
    expect(searchManual(pages, '   ')).toEqual([]);
  });
});
