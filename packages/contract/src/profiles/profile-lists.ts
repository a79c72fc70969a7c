import { z } from 'zod';

/**
 * Fixed choices of the profile forms. They live in the contract so the web
 * app can label stored values without a round trip, and the server validates
 * against the very same lists.
 */

export const GENDERS = [
  { id: 'female', name: 'Female' },
  { id: 'male', name: 'Male' },
  { id: 'non_binary', name: 'Non-binary' },
  { id: 'prefer_not_to_say', name: 'Prefer not to say' },
] as const;
export type TGenderId = (typeof GENDERS)[number]['id'];
export const GENDER_IDS = GENDERS.map((g) => g.id) as [TGenderId, ...TGenderId[]];

/** Common languages by ISO 639-1 code; profiles store the codes. */
export const LANGUAGES = [
  { id: 'af', name: 'Afrikaans' },
  { id: 'am', name: 'Amharic' },
  { id: 'ar', name: 'Arabic' },
  { id: 'az', name: 'Azerbaijani' },
  { id: 'be', name: 'Belarusian' },
  { id: 'bg', name: 'Bulgarian' },
  { id: 'bn', name: 'Bengali' },
  { id: 'bs', name: 'Bosnian' },
  { id: 'ca', name: 'Catalan' },
  { id: 'cs', name: 'Czech' },
  { id: 'cy', name: 'Welsh' },
  { id: 'da', name: 'Danish' },
  { id: 'de', name: 'German' },
  { id: 'el', name: 'Greek' },
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Spanish' },
  { id: 'et', name: 'Estonian' },
  { id: 'eu', name: 'Basque' },
  { id: 'fa', name: 'Persian' },
  { id: 'fi', name: 'Finnish' },
  { id: 'fr', name: 'French' },
  { id: 'ga', name: 'Irish' },
  { id: 'gl', name: 'Galician' },
  { id: 'gu', name: 'Gujarati' },
  { id: 'ha', name: 'Hausa' },
  { id: 'he', name: 'Hebrew' },
  { id: 'hi', name: 'Hindi' },
  { id: 'hr', name: 'Croatian' },
  { id: 'hu', name: 'Hungarian' },
  { id: 'hy', name: 'Armenian' },
  { id: 'id', name: 'Indonesian' },
  { id: 'ig', name: 'Igbo' },
  { id: 'is', name: 'Icelandic' },
  { id: 'it', name: 'Italian' },
  { id: 'ja', name: 'Japanese' },
  { id: 'ka', name: 'Georgian' },
  { id: 'kk', name: 'Kazakh' },
  { id: 'km', name: 'Khmer' },
  { id: 'kn', name: 'Kannada' },
  { id: 'ko', name: 'Korean' },
  { id: 'ku', name: 'Kurdish' },
  { id: 'lo', name: 'Lao' },
  { id: 'lt', name: 'Lithuanian' },
  { id: 'lv', name: 'Latvian' },
  { id: 'mk', name: 'Macedonian' },
  { id: 'ml', name: 'Malayalam' },
  { id: 'mn', name: 'Mongolian' },
  { id: 'mr', name: 'Marathi' },
  { id: 'ms', name: 'Malay' },
  { id: 'mt', name: 'Maltese' },
  { id: 'my', name: 'Burmese' },
  { id: 'ne', name: 'Nepali' },
  { id: 'nl', name: 'Dutch' },
  { id: 'no', name: 'Norwegian' },
  { id: 'pa', name: 'Punjabi' },
  { id: 'pl', name: 'Polish' },
  { id: 'ps', name: 'Pashto' },
  { id: 'pt', name: 'Portuguese' },
  { id: 'ro', name: 'Romanian' },
  { id: 'ru', name: 'Russian' },
  { id: 'si', name: 'Sinhala' },
  { id: 'sk', name: 'Slovak' },
  { id: 'sl', name: 'Slovenian' },
  { id: 'so', name: 'Somali' },
  { id: 'sq', name: 'Albanian' },
  { id: 'sr', name: 'Serbian' },
  { id: 'sv', name: 'Swedish' },
  { id: 'sw', name: 'Swahili' },
  { id: 'ta', name: 'Tamil' },
  { id: 'te', name: 'Telugu' },
  { id: 'th', name: 'Thai' },
  { id: 'tl', name: 'Tagalog' },
  { id: 'tr', name: 'Turkish' },
  { id: 'uk', name: 'Ukrainian' },
  { id: 'ur', name: 'Urdu' },
  { id: 'uz', name: 'Uzbek' },
  { id: 'vi', name: 'Vietnamese' },
  { id: 'xh', name: 'Xhosa' },
  { id: 'yo', name: 'Yoruba' },
  { id: 'zh', name: 'Chinese' },
  { id: 'zu', name: 'Zulu' },
] as const;
const LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map(LANGUAGES.map((l) => [l.id, l.name]));
export const isLanguageCode = (code: string) => LANGUAGE_NAMES.has(code);
/** A code no longer in the list still shows as itself rather than vanishing. */
export const languageName = (code: string) => LANGUAGE_NAMES.get(code) ?? code;

/** Offered by the skills picker before an organisation has entered any skills of its own. */
export const BASE_SKILLS = [
  'Accounting',
  'Adaptability',
  'Agile',
  'Budgeting',
  'Change Management',
  'Cloud Computing',
  'Coaching',
  'Communication',
  'Conflict Resolution',
  'Creativity',
  'Critical Thinking',
  'Customer Service',
  'Cybersecurity',
  'Data Analysis',
  'Decision Making',
  'Emotional Intelligence',
  'First Aid',
  'Graphic Design',
  'Health and Safety',
  'Instructional Design',
  'JavaScript',
  'Leadership',
  'Logistics',
  'Marketing',
  'Mentoring',
  'Microsoft Excel',
  'Negotiation',
  'Payroll',
  'Presentation',
  'Problem Solving',
  'Project Management',
  'Public Speaking',
  'Python',
  'Quality Assurance',
  'Recruitment',
  'Research',
  'Risk Management',
  'Sales',
  'Scrum',
  'Software Development',
  'SQL',
  'Stakeholder Management',
  'Supply Chain Management',
  'Teamwork',
  'Time Management',
  'Training Delivery',
  'UX Design',
  'Writing',
] as const;

/** Most entries the skills lookup returns. */
export const SKILL_LOOKUP_LIMIT = 50;

export const ZChoice = z.object({ id: z.string(), name: z.string() });
export type TChoice = z.infer<typeof ZChoice>;
export const ZChoiceList = z.object({ results: z.array(ZChoice) });
export type TChoiceList = z.infer<typeof ZChoiceList>;

/** `mobile` is what the mobile app sends; the answer is the same flat list either way. */
export const ZLanguageQuery = z.object({ mobile: z.string().max(10).optional() });
export const ZSkillQuery = z.object({
  mobile: z.string().max(10).optional(),
  search: z.string().trim().max(50).optional(),
});
