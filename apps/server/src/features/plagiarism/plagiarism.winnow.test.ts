import { describe, expect, it } from 'vitest';
import { containment, fingerprint, K, passages, W, words } from './plagiarism.winnow.ts';

const ESSAY = `The industrial revolution transformed the economies of Europe during the nineteenth
century. Steam engines replaced water wheels, factories grew around coal fields, and railways
connected markets that had been isolated for centuries. Workers moved from the countryside into
crowded cities where wages were low and hours were long. Reformers campaigned for shorter days,
safer machines and schooling for children, and parliament slowly passed the factory acts.`;

const OTHER = `Photosynthesis lets green plants capture light energy with chlorophyll. Inside the
chloroplasts, water is split and carbon dioxide is fixed into sugars through the Calvin cycle.
Oxygen is released as a by-product, which is why forests and oceans matter so much for the air
animals breathe. Temperature, light intensity and carbon dioxide levels all limit the rate.`;

const PARAGRAPH =
  'Steam engines replaced water wheels, factories grew around coal fields, and railways connected markets that had been isolated for centuries.';

describe('winnowing', () => {
  it('is deterministic', () => {
    expect(fingerprint(ESSAY)).toEqual(fingerprint(ESSAY));
    expect(fingerprint(ESSAY).length).toBeGreaterThan(10);
  });

  it('scores identical texts 100 %, whatever the case, punctuation and spacing', () => {
    const shouted = ESSAY.toUpperCase().replace(/[,.]/g, ' ;').replace(/\n/g, '   ');
    expect(containment(fingerprint(ESSAY), fingerprint(ESSAY))).toBe(1);
    expect(containment(fingerprint(shouted), fingerprint(ESSAY))).toBe(1);
  });

  it('scores unrelated texts near zero', () => {
    expect(containment(fingerprint(ESSAY), fingerprint(OTHER))).toBeLessThan(0.05);
  });

  it('scores a copied paragraph high in the text made mostly of it', () => {
    const copier = `In my view, ${PARAGRAPH} That is all I have to say.`;
    expect(containment(fingerprint(copier), fingerprint(ESSAY))).toBeGreaterThanOrEqual(0.5);
    // ...and the original shares only that paragraph with the copy.
    const share = containment(fingerprint(ESSAY), fingerprint(copier));
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.6);
  });

  it('is robust to reordering paragraphs', () => {
    const parts = ESSAY.split('. ');
    const reordered = [...parts].reverse().join('. ');
    expect(containment(fingerprint(reordered), fingerprint(ESSAY))).toBeGreaterThan(0.7);
  });

  it('detects every shared run of W + K - 1 words', () => {
    const run = words(OTHER)
      .slice(10, 10 + W + K - 1)
      .map((w) => OTHER.slice(w.start, w.end))
      .join(' ');
    const host = `${ESSAY} ${run} ${ESSAY.split(' ').reverse().join(' ')}`;
    const shared = passages(fingerprint(host), fingerprint(OTHER));
    expect(shared.length).toBeGreaterThanOrEqual(1);
  });

  it('points passages at the shared paragraph in both texts', () => {
    const copier = `My own introduction about history and people. ${PARAGRAPH} My own ending here.`;
    const found = passages(fingerprint(copier), fingerprint(ESSAY));
    expect(found).toHaveLength(1);
    const [p] = found;
    const mine = copier.slice(p!.start, p!.end);
    const theirs = ESSAY.slice(p!.other_start, p!.other_end);
    // The ranges cover the paragraph (winnowing may miss at most a window's edge words).
    expect(PARAGRAPH).toContain(mine.slice(0, 40));
    expect(mine.length).toBeGreaterThan(PARAGRAPH.length * 0.7);
    expect(theirs.replace(/\s+/g, ' ')).toContain(mine.slice(0, 40).replace(/\s+/g, ' '));
  });

  it('gives short texts one fingerprint and empty texts none', () => {
    expect(fingerprint('one two three four five six')).toHaveLength(1);
    expect(fingerprint('too short')).toEqual([]);
    expect(fingerprint('')).toEqual([]);
  });
});
