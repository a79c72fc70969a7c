import type { TProfileDetails } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  basicsFormValues,
  changedBasics,
  educationFormValues,
  professionalFormValues,
  SOCIAL_FIELDS,
  sectionPayload,
  textValues,
  ZBasicsForm,
  ZEducationForm,
  ZProfessionalForm,
  ZSocialForm,
} from './profile-forms.ts';

const profile: TProfileDetails = {
  id: 4,
  username: 'learner',
  email: 'learner@demo.atrium.local',
  first_name: 'Lena',
  last_name: 'Learner',
  fullname: 'Lena Learner',
  role: { id: 4, name: 'Learner' },
  organization: { id: 26, title: 'Atrium Demo' },
  is_active: true,
  approval_status: 1,
  date_joined: '2025-01-01T00:00:00.000Z',
  last_login: null,
  profile: {
    department: null,
    designation: null,
    location: null,
    gender: null,
    phone: null,
    date_of_birth: null,
    bio: null,
    photo_url: null,
  },
  education: [],
  professional_info: [],
  location: null,
  additional_info: null,
  social_media: null,
  can_edit: true,
  can_edit_email: false,
  abilities: { edit: true, change_email: false },
};

describe('basics', () => {
  it('sends only what changed, blank inputs as null, never the e-mail without the right', () => {
    const values = ZBasicsForm.parse({
      ...basicsFormValues(profile),
      last_name: '',
      phone: '+44 20 7946 0958',
      gender: 'female',
      email: 'other@example.test',
    });
    expect(changedBasics(values, profile)).toEqual({
      last_name: null,
      phone: '+44 20 7946 0958',
      gender: 'female',
    });
    const administered = { ...profile, abilities: { edit: true, change_email: true } };
    expect(changedBasics(values, administered).email).toBe('other@example.test');
  });

  it('applies the contract rules to phone and date of birth', () => {
    const result = ZBasicsForm.safeParse({
      ...basicsFormValues(profile),
      phone: 'call me',
      date_of_birth: '2999-01-01',
    });
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect([...fields].sort()).toEqual(['date_of_birth', 'phone']);
  });
});

describe('education', () => {
  it('turns years into numbers and refuses an end before the start', () => {
    const base = { ...educationFormValues(), institution: 'Open University', degree: 'BSc' };
    expect(ZEducationForm.parse({ ...base, start_year: '2015', end_year: '' })).toMatchObject({
      start_year: 2015,
      end_year: null,
      field_of_study: null,
    });
    const backwards = ZEducationForm.safeParse({ ...base, start_year: '2018', end_year: '2015' });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['end_year'],
      message: 'The end year cannot be before the start year.',
    });
    expect(ZEducationForm.safeParse({ ...base, start_year: '15' }).error?.issues[0]?.message).toBe(
      'Enter the start year as a year such as 2015.',
    );
  });
});

describe('professional info', () => {
  it('drops the end date of a current position', () => {
    const values = ZProfessionalForm.parse({
      ...professionalFormValues(),
      company: 'Acme',
      title: 'Analyst',
      start_date: '2020-01-01',
      end_date: '2021-01-01',
      current: true,
    });
    expect(values.end_date).toBeNull();
  });
});

describe('social media (spec §5 URL format)', () => {
  it('accepts http(s) URLs and blanks, refuses anything else', () => {
    const blank = textValues(SOCIAL_FIELDS, null);
    expect(ZSocialForm.parse({ ...blank, github: 'https://github.com/lena' }).github).toBe(
      'https://github.com/lena',
    );
    const bad = ZSocialForm.safeParse({ ...blank, website: 'lena.example' });
    expect(bad.error?.issues[0]?.message).toBe(
      'Enter a full URL starting with http:// or https://.',
    );
    expect(ZSocialForm.safeParse({ ...blank, twitter: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('creates with the filled-in links only, and updates with the changes only', () => {
    const values = ZSocialForm.parse({
      ...textValues(SOCIAL_FIELDS, null),
      github: 'https://github.com/lena',
    });
    expect(sectionPayload(values, null)).toEqual({ github: 'https://github.com/lena' });
    const stored = {
      id: 1,
      user: 4,
      linkedin: null,
      twitter: null,
      facebook: null,
      github: 'https://github.com/old',
      website: 'https://lena.example',
    };
    expect(sectionPayload(values, stored)).toEqual({
      github: 'https://github.com/lena',
      website: null,
    });
  });
});
