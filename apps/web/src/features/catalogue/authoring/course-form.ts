import { type TCourse, type TCourseInput, ZCourseInput } from '@atrium/contract';

/**
 * What the course form holds while someone types: numbers the user types stay strings until the
 * contract schema (ZCourseInput, the same one the server runs) coerces them on submit.
 */
export interface CourseFormValues {
  title: string;
  description: string;
  category: number | '';
  level: TCourseInput['level'];
  duration: string;
  language: string;
  tags: string[];
  visibility: TCourseInput['visibility'];
  self_enrol: boolean;
  is_cpd: boolean;
  cpd_hours: string;
}

export const ZCourseForm = ZCourseInput;

/** Fields the server may name in its errors, so they show under the right input. */
export const COURSE_FORM_FIELDS = [
  'title',
  'description',
  'category',
  'level',
  'duration',
  'language',
  'tags',
  'visibility',
  'self_enrol',
  'is_cpd',
  'cpd_hours',
] as const satisfies readonly (keyof CourseFormValues)[];

export function emptyCourseForm(): CourseFormValues {
  return {
    title: '',
    description: '',
    category: '',
    level: 'beginner',
    duration: '',
    language: '',
    tags: [],
    visibility: 'organisation',
    self_enrol: true,
    is_cpd: false,
    cpd_hours: '',
  };
}

export function courseToForm(course: TCourse): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    category: course.category?.id ?? '',
    level: course.level,
    duration: course.duration === null ? '' : String(course.duration),
    language: course.language ?? '',
    tags: course.tags,
    visibility: course.visibility,
    self_enrol: course.self_enrol,
    is_cpd: course.is_cpd,
    cpd_hours: course.cpd_hours === null ? '' : String(course.cpd_hours),
  };
}

/** An editor left empty still holds '<p></p>': that is no description. */
export function normaliseRichText(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text === '' ? '' : html;
}

/**
 * The validated values as multipart fields (the server reads strings and coerces them with the
 * same schema): null becomes '', tags a JSON list, booleans 'true'/'false'. The image goes last
 * because the server reads the fields as the body streams in.
 */
export function courseFormData(
  values: TCourseInput,
  image: { file: File | null; remove?: boolean } = { file: null },
): FormData {
  const form = new FormData();
  form.append('title', values.title);
  form.append('description', normaliseRichText(values.description));
  form.append('category', values.category == null ? '' : String(values.category));
  form.append('level', values.level);
  form.append('duration', values.duration == null ? '' : String(values.duration));
  form.append('language', values.language ?? '');
  form.append('tags', JSON.stringify(values.tags));
  form.append('visibility', values.visibility);
  form.append('self_enrol', String(values.self_enrol));
  form.append('is_cpd', String(values.is_cpd));
  // Hours only mean something for a CPD course; clear them otherwise.
  form.append(
    'cpd_hours',
    values.is_cpd && values.cpd_hours != null ? String(values.cpd_hours) : '',
  );
  if (image.remove && !image.file) form.append('remove_image', 'true');
  if (image.file) form.append('image', image.file);
  return form;
}

/** A chip typed into the tags field, cleaned the way the server stores it ('' when unusable). */
export function cleanTag(raw: string): string {
  return raw.replace(/,/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 40).trim();
}
