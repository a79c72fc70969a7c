import { PASSWORD_MIN, ZAddUser } from '@atrium/contract';
import { z } from 'zod';
import { type Placement, placementIds } from '../organisations/index.ts';

const field = ZAddUser.shape;

/** The add-user form: the contract's rules; a blank password means "mail them a link". */
export const ZAddUserForm = z.object({
  first_name: field.first_name.unwrap(),
  last_name: field.last_name.unwrap(),
  username: field.username,
  email: field.email,
  role: z.number('Choose a role.').int().min(1).max(5),
  password: field.password
    .unwrap()
    .refine(
      (value) => value === '' || value.length >= PASSWORD_MIN,
      `The password must be at least ${PASSWORD_MIN} characters long, or left empty.`,
    ),
  department: z.number().nullable(),
  designation: z.number().nullable(),
  location: z.number().nullable(),
});
export type AddUserFormValues = z.input<typeof ZAddUserForm>;
export type AddUserValues = z.output<typeof ZAddUserForm>;

/** Fields the server may name in its errors, to show them under the right input. */
export const ADD_USER_FIELDS = [
  'first_name',
  'last_name',
  'username',
  'email',
  'role',
  'password',
  'department',
  'designation',
  'location',
] as const satisfies readonly (keyof AddUserFormValues)[];

export function emptyAddUser(role: number): AddUserFormValues {
  return {
    first_name: '',
    last_name: '',
    username: '',
    email: '',
    role,
    password: '',
    department: null,
    designation: null,
    location: null,
  };
}

/**
 * add-user/ as multipart: text fields as strings (the server coerces ids), no password field
 * when none was given (the server then mails a set-password link), the photo when chosen.
 */
export function toAddUserFormData(values: AddUserValues, photo: File | null): FormData {
  const form = new FormData();
  const placement: Placement = {
    department: values.department,
    designation: values.designation,
    location: values.location,
  };
  const text: Record<string, string | number> = {
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    ...placementIds(placement),
  };
  if (values.password !== '') text.password = values.password;
  for (const [key, value] of Object.entries(text)) form.append(key, String(value));
  if (photo) form.append('photo', photo, photo.name);
  return form;
}
