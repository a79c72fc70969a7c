import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, designations, locations } from './structure.table.ts';
import { users } from './users.table.ts';

/** One per user: where they sit in the organisation and the basics of their profile. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, {
      onDelete: 'restrict',
    }),
    designationId: integer('designation_id').references(() => designations.id, {
      onDelete: 'restrict',
    }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    gender: varchar('gender', { length: 30 }),
    phone: varchar('phone', { length: 30 }),
    dateOfBirth: date('date_of_birth'),
    bio: text('bio'),
    photoKey: text('photo_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_profiles_department_idx').on(t.departmentId),
    // Members of a designation (learning paths' audiences, read by their sync job).
    index('user_profiles_designation_idx').on(t.designationId),
  ],
);

export const userEducation = pgTable(
  'user_education',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institution: varchar('institution', { length: 200 }).notNull(),
    degree: varchar('degree', { length: 200 }).notNull(),
    fieldOfStudy: varchar('field_of_study', { length: 200 }),
    startYear: smallint('start_year'),
    endYear: smallint('end_year'),
    grade: varchar('grade', { length: 50 }),
  },
  (t) => [index('user_education_user_idx').on(t.userId)],
);

export const userProfessionalInfo = pgTable(
  'user_professional_info',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: varchar('company', { length: 200 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    current: boolean('current').notNull().default(false),
    description: text('description'),
  },
  (t) => [index('user_professional_info_user_idx').on(t.userId)],
);

/** The user's own address (the profile's "location" section). */
export const userAddresses = pgTable('user_addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  addressLine: varchar('address_line', { length: 300 }),
  city: varchar('city', { length: 120 }),
  state: varchar('state', { length: 120 }),
  country: varchar('country', { length: 120 }),
  postalCode: varchar('postal_code', { length: 20 }),
});

export const userAdditionalInfo = pgTable('user_additional_info', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  languages: text('languages').array().notNull().default([]),
  skills: text('skills').array().notNull().default([]),
  interests: text('interests'),
});

export const userSocialMedia = pgTable('user_social_media', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  linkedin: text('linkedin'),
  twitter: text('twitter'),
  facebook: text('facebook'),
  github: text('github'),
  website: text('website'),
});
