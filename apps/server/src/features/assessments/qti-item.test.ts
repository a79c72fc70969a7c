import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ItemResult, readItem } from './qti-item.ts';
import { parseXml } from './qti-xml.ts';

/* Each interaction's mapping, read from the hand-written fixtures (test/fixtures/qti). */

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/qti');
const read = (file: string): ItemResult =>
  readItem(parseXml(readFileSync(path.join(FIXTURES, file)), file), file);
const question = (file: string) => {
  const r = read(file);
  if (r.kind !== 'question') throw new Error(`${file}: ${JSON.stringify(r)}`);
  return r;
};

describe('QTI 3.0 items', () => {
  it('a one-answer choice is single choice: prompt in the stem, image dropped, points, feedback', () => {
    const q = question('v3/items/choice-single.xml');
    expect(q.title).toBe('Capital of France');
    expect(q.definition).toMatchObject({
      type: 'single_choice',
      points: 2,
      options: [
        { id: 'ChoiceA', text: 'Paris', correct: true },
        { id: 'ChoiceB', text: 'Lyon', correct: false },
        { id: 'ChoiceC', text: 'Marseille', correct: false },
      ],
      feedback: { correct: '<p>Yes, Paris.</p>', incorrect: '<p>No: it is Paris.</p>' },
    });
    expect(q.definition.stem).toContain('<p>Look at the map of <em>France</em>.</p>');
    expect(q.definition.stem).toContain('Which city is the capital of France?');
    expect(q.definition.stem).not.toContain('img');
  });

  it('several correct choices are multiple choice; points default to 1', () => {
    expect(question('v3/items/choice-multiple.xml').definition).toMatchObject({
      type: 'multiple_choice',
      points: 1,
      scoring: 'all_or_nothing',
      options: [
        { id: 'R', correct: true },
        { id: 'G', correct: true },
        { id: 'B', correct: true },
        { id: 'Y', correct: false },
      ],
    });
  });

  it('a choice between true and false is true/false', () => {
    expect(question('v3/items/true-false.xml').definition).toMatchObject({
      type: 'true_false',
      correct: true,
    });
  });

  it('one string text entry is a short answer with the mapped answers worth points', () => {
    const q = question('v3/items/text-entry.xml');
    expect(q.definition).toMatchObject({
      type: 'short_answer',
      accepted: ['Jupiter', 'planet Jupiter'],
      case_sensitive: false,
    });
  });

  it('a float text entry is numeric, with the tolerance of its response processing', () => {
    expect(question('v3/items/numeric.xml').definition).toMatchObject({
      type: 'numeric',
      value: 3.14,
      tolerance: 0.01,
      tolerance_mode: 'absolute',
    });
  });

  it('several text entries are fill in the blanks, the other paragraph the stem', () => {
    const q = question('v3/items/fill-blanks.xml');
    expect(q.definition).toMatchObject({
      type: 'fill_in_blanks',
      points: 2,
      stem: '<p>Fill in the colours.</p>',
      text: '<p>The sky is [[SKY]] and grass is [[GRASS]].</p>',
      blanks: [
        { id: 'SKY', accepted: ['blue', 'azure'] },
        { id: 'GRASS', accepted: ['green'] },
      ],
    });
  });

  it('extended text is an essay; match is matching with its distractor; order is ordering', () => {
    expect(question('v3/items/extended-text.xml').definition).toMatchObject({
      type: 'essay',
      points: 5,
      stem: '<p>Describe one hazard in your workplace and how you would reduce it.</p>',
    });
    expect(question('v3/items/match.xml').definition).toMatchObject({
      type: 'matching',
      premises: [
        { id: 'FR', text: 'France', response: 'PAR' },
        { id: 'IT', text: 'Italy', response: 'ROM' },
      ],
      responses: [{ id: 'PAR' }, { id: 'ROM' }, { id: 'LIS', text: 'Lisbon' }],
    });
    expect(question('v3/items/order.xml').definition).toMatchObject({
      type: 'ordering',
      items: [
        { id: 'Mercury', text: 'Mercury' },
        { id: 'Venus', text: 'Venus' },
        { id: 'Earth', text: 'Earth' },
      ],
    });
  });

  it('upload is a file upload accepting the declared type', () => {
    expect(question('v3/items/upload.xml').definition).toMatchObject({
      type: 'file_upload',
      allowed_types: ['pdf'],
    });
  });

  it('unsupported interactions and mixed interactions are skipped with the reason', () => {
    expect(read('v3/items/hotspot.xml')).toEqual({
      kind: 'skipped',
      identifier: 'hotspot',
      reason: 'unsupported interaction: hotspotInteraction',
    });
    expect(read('v3/items/two-interactions.xml')).toMatchObject({
      kind: 'skipped',
      reason: expect.stringContaining('several interactions'),
    });
  });
});

describe('QTI 2.1 and 2.2 items', () => {
  it('reads camel-cased elements: choice with inline feedback left out and modal feedback kept', () => {
    const q = question('v2/items/choice.xml');
    expect(q.definition).toMatchObject({
      type: 'single_choice',
      points: 3,
      feedback: { general: 'Report anything suspicious.' },
      options: [
        { id: 'ChoiceA', text: 'Open it', correct: false },
        { id: 'ChoiceB', text: 'Report it', correct: true },
        { id: 'ChoiceC', text: 'Ignore it', correct: false },
      ],
    });
    expect(q.definition.stem).toBe(
      '<div><p>What do you do with an <strong>unattended</strong> bag?</p></div>',
    );
  });

  it('integer entry, order, match and extended text', () => {
    expect(question('v2/items/numeric.xml').definition).toMatchObject({
      type: 'numeric',
      value: 4,
    });
    expect(question('v2/items/order.xml').definition).toMatchObject({
      type: 'ordering',
      items: [{ id: 'raise' }, { id: 'leave' }, { id: 'assemble' }],
    });
    expect(question('v2/items/match.xml').definition).toMatchObject({
      type: 'matching',
      premises: [
        { id: 'water', response: 'paper' },
        { id: 'co2', response: 'electrical' },
      ],
    });
    expect(question('v2/items/essay.xml').definition).toMatchObject({ type: 'essay' });
  });

  it('gap match is skipped', () => {
    expect(read('v2/items/gap-match.xml')).toMatchObject({
      kind: 'skipped',
      reason: 'unsupported interaction: gapMatchInteraction',
    });
  });
});

describe('unsafe or malformed XML', () => {
  it('refuses a document type declaration (no entity expansion, no external entities)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><assessmentItem identifier="x">&e;</assessmentItem>`;
    expect(() => parseXml(xxe, 'item.xml')).toThrow(/document type declarations/);
  });

  it('refuses unclosed elements', () => {
    expect(() => parseXml('<assessmentItem><itemBody></assessmentItem>', 'item.xml')).toThrow(
      /not well-formed/,
    );
  });

  it('a stem that was only an image reads as the title; a prompt of paragraphs is not wrapped again', () => {
    const xml = (prompt: string) =>
      `<assessmentItem identifier="i" title="Which sign?"><responseDeclaration identifier="R" cardinality="single" baseType="identifier"><correctResponse><value>a</value></correctResponse></responseDeclaration><itemBody><p><img src="sign.png"/></p><choiceInteraction responseIdentifier="R" maxChoices="1">${prompt}<simpleChoice identifier="a">Stop</simpleChoice><simpleChoice identifier="b">Go</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;
    expect(readItem(parseXml(xml(''), 'i.xml'), 'i')).toMatchObject({
      definition: { stem: '<p>Which sign?</p>' },
    });
    expect(readItem(parseXml(xml('<prompt><p>Name it.</p></prompt>'), 'i.xml'), 'i')).toMatchObject(
      { definition: { stem: '<p>Name it.</p>' } },
    );
  });

  it('renders images through the caller: a stem that is only an image keeps it', () => {
    const xml = `<assessmentItem identifier="i" title="Which sign?"><responseDeclaration identifier="R" cardinality="single" baseType="identifier"><correctResponse><value>a</value></correctResponse></responseDeclaration><itemBody><p><img src="sign.png" alt="A sign"/></p><choiceInteraction responseIdentifier="R" maxChoices="1"><simpleChoice identifier="a"><img src="stop.png" alt=""/></simpleChoice><simpleChoice identifier="b">Go</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;
    const seen: string[] = [];
    const result = readItem(parseXml(xml, 'i.xml'), 'i', (image) => {
      seen.push(`${image.src}|${image.alt}`);
      return `<img src="/x/${image.src}" />`;
    });
    expect(seen.sort()).toEqual(['sign.png|A sign', 'stop.png|']);
    expect(result).toMatchObject({
      definition: {
        stem: '<p><img src="/x/sign.png" /></p>',
        options: [{ text: '<img src="/x/stop.png" />' }, { text: 'Go' }],
      },
    });
  });

  it('an order whose key does not rank every choice is invalid, not guessed', () => {
    const xml = `<assessmentItem identifier="o"><responseDeclaration identifier="R" cardinality="ordered" baseType="identifier"><correctResponse><value>a</value></correctResponse></responseDeclaration><itemBody><orderInteraction responseIdentifier="R"><simpleChoice identifier="a">A</simpleChoice><simpleChoice identifier="b">B</simpleChoice></orderInteraction></itemBody></assessmentItem>`;
    expect(readItem(parseXml(xml, 'o.xml'), 'o')).toMatchObject({ kind: 'invalid' });
  });
});
