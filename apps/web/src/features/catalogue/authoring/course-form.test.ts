import { type TCourse, ZCourseInput } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  cleanTag,
  courseFormData,
  courseToForm,
  emptyCourseForm,
  normaliseRichText,
} from './course-form.ts';

const course: TCourse = {
  id: 7,
  organization: 26,
  title: 'Safe lifting',
  description: '<p>Hi</p>',
  image: '/api/courses/7/image/',
  category: { id: 3, name: 'Safety' },
  level: 'advanced',
  duration: 90,
  language: 'en',
  tags: ['safety'],
  visibility: 'catalogue',
  status: 'draft',
  self_enrol: false,
  is_cpd: true,
  cpd_hours: 1.5,
  created_by: { id: 1, fullname: 'A' },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  published_at: null,
  module_count: 0,
  can_edit: true,
  abilities: {
    edit: true,
    delete: true,
    manage: true,
    publish: false,
    submit_for_review: true,
    return_to_draft: false,
    widen_visibility: true,
    add_content: true,
    request_enrolment: false,
  },
};

describe('course form mapping', () => {
  it('fills the form from a course, numbers as text', () => {
    expect(courseToForm(course)).toMatchObject({
      category: 3,
      duration: '90',
      cpd_hours: '1.5',
      language: 'en',
      self_enrol: false,
    });
  });

  it('validates an empty form with the contract schema and maps blanks to nulls', () => {
    const parsed = ZCourseInput.safeParse({ ...emptyCourseForm(), title: 'T' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ category: null, duration: null, language: null });
    expect(ZCourseInput.safeParse(emptyCourseForm()).success).toBe(false);
  });

  it('sends multipart fields the server schema reads back to the same values', () => {
    const values = ZCourseInput.parse({ ...courseToForm(course), tags: ['Safety', 'lifting'] });
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    const form = courseFormData(values, { file });
    const fields = Object.fromEntries(
      [...form.entries()].filter(([key]) => key !== 'image'),
    ) as Record<string, string>;
    expect(fields.tags).toBe('["safety","lifting"]');
    expect(fields.self_enrol).toBe('false');
    expect(ZCourseInput.parse(fields)).toEqual(values);
    // The file goes last, after every field the server reads first.
    expect([...form.keys()].at(-1)).toBe('image');
    expect(form.has('remove_image')).toBe(false);
  });

  it('asks for the image to be removed only when no new one replaces it', () => {
    const values = ZCourseInput.parse({ ...emptyCourseForm(), title: 'T' });
    expect(courseFormData(values, { file: null, remove: true }).get('remove_image')).toBe('true');
    const file = new File(['x'], 'a.png');
    expect(courseFormData(values, { file, remove: true }).has('remove_image')).toBe(false);
  });

  it('clears CPD hours of a course that is not CPD', () => {
    const values = ZCourseInput.parse({ ...emptyCourseForm(), title: 'T', cpd_hours: '3' });
    expect(courseFormData(values).get('cpd_hours')).toBe('');
  });

  it('treats an empty editor as no description', () => {
    expect(normaliseRichText('<p></p>')).toBe('');
    expect(normaliseRichText('<p>&nbsp; </p>')).toBe('');
    expect(normaliseRichText('<p>Hi</p>')).toBe('<p>Hi</p>');
  });

  it('cleans tags as the server stores them', () => {
    expect(cleanTag('  Fire  Safety, ')).toBe('fire safety');
    expect(cleanTag('x'.repeat(50))).toHaveLength(40);
  });
});
