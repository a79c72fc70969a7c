import { describe, expect, it } from 'vitest';
import {
  audienceSummary,
  excerpt,
  instantToLocal,
  localToInstant,
  statsText,
  unreadText,
} from './announcement-format.ts';

const audience = (over: object = {}) => ({
  departments: [],
  designations: [],
  department_names: [],
  designation_names: [],
  roles: [],
  course: null,
  class: null,
  ...over,
});

describe('excerpt', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Line<br>break', 'Line break'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['Fish &amp; chips &lt;3', 'Fish & chips <3'],
    ['<img src=x onerror="alert(1)"><p>Safe</p>', 'Safe'],
    ['<script>alert(1)</script>Text', 'Text'],
    ['<p>Hi</p><script>alert(1)</script><style>p{}</style>', 'Hi'],
    ['', ''],
  ])('reads %j as %j', (html, text) => {
    expect(excerpt(html)).toBe(text);
  });

  it('cuts long text at a word with an ellipsis', () => {
    expect(excerpt('<p>The quick brown fox jumps over the lazy dog.</p>', 20)).toBe(
      'The quick brown fox…',
    );
  });
});

describe('schedule times', () => {
  it.each([
    ['2026-07-01T09:00', new Date(2026, 6, 1, 9, 0).toISOString()],
    ['2026-12-31T23:59', new Date(2026, 11, 31, 23, 59).toISOString()],
    ['', null],
    ['2026-02-31T09:00', null],
    ['tomorrow', null],
  ])('turns the local %j into the instant %j', (local, instant) => {
    expect(localToInstant(local)).toBe(instant);
  });

  it('shows an instant back on the browser’s clock', () => {
    const iso = new Date(2026, 2, 29, 1, 30).toISOString();
    expect(instantToLocal(iso)).toBe('2026-03-29T01:30');
    expect(instantToLocal(null)).toBe('');
    expect(instantToLocal('nonsense')).toBe('');
  });
});

describe('audienceSummary', () => {
  const department = (id: number) => ({ 1: 'Nursing', 2: 'Pharmacy' })[id];
  it.each([
    [null, {}, 'Whole organisation'],
    [audience({ departments: [1, 2] }), { department }, 'Departments: Nursing, Pharmacy'],
    [audience({ departments: [1, 3] }), { department }, '2 departments'],
    [audience({ departments: [1] }), { department }, 'Department: Nursing'],
    [audience({ designations: [4] }), {}, '1 designation'],
    [audience({ roles: [4] }), {}, 'Role: Learner'],
    [audience({ roles: [2, 3] }), {}, 'Roles: Admin, Trainer'],
    [
      audience({ course: { id: 5, title: 'Safe lifting' }, class: { id: 6, name: 'March' } }),
      {},
      'Learners of Safe lifting · Learners of the class March',
    ],
    [audience(), {}, 'Nobody chosen'],
  ])('says %j as %j', (a, names, text) => {
    expect(audienceSummary(a, names)).toBe(text);
  });
});

describe('figures', () => {
  it.each([
    [{ audience: 40, read: 12, acknowledged: 9 }, true, 'Read 12 / acknowledged 9 of 40'],
    [{ audience: 40, read: 12, acknowledged: 0 }, false, 'Read 12 of 40'],
  ])('says %j as the manager reads it', (stats, must, text) => {
    expect(statsText(stats, must)).toBe(text);
  });

  it.each([
    [{ unread: 0, to_acknowledge: 0 }, 'You are up to date.'],
    [{ unread: 3, to_acknowledge: 0 }, '3 unread'],
    [{ unread: 3, to_acknowledge: 1 }, '3 unread · 1 to acknowledge'],
    [{ unread: 0, to_acknowledge: 2 }, '2 to acknowledge'],
  ])('counts %j as %j', (counts, text) => {
    expect(unreadText(counts)).toBe(text);
  });
});
