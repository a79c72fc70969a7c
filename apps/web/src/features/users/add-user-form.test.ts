import { describe, expect, it } from 'vitest';
import { emptyAddUser, toAddUserFormData, ZAddUserForm } from './add-user-form.ts';

const valid = {
  ...emptyAddUser(4),
  first_name: 'Nia',
  username: 'nia.n',
  email: 'nia@example.test',
};

describe('ZAddUserForm', () => {
  it('accepts a user without a password (a link is mailed instead)', () => {
    expect(ZAddUserForm.safeParse(valid).success).toBe(true);
  });

  it('refuses a bad user name, e-mail and a too short password', () => {
    const result = ZAddUserForm.safeParse({
      ...valid,
      username: 'a b',
      email: 'nope',
      password: 'short',
    });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'email',
      'password',
      'username',
    ]);
  });
});

describe('toAddUserFormData', () => {
  it('sends text fields, the placement that is set, and no password when blank', () => {
    const values = ZAddUserForm.parse({ ...valid, department: 3, designation: 8 });
    const form = toAddUserFormData(values, null);
    expect(Object.fromEntries(form.entries())).toEqual({
      username: 'nia.n',
      email: 'nia@example.test',
      first_name: 'Nia',
      last_name: '',
      role: '4',
      department: '3',
      designation: '8',
    });
  });

  it('adds the password and the photo when given', () => {
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    const values = ZAddUserForm.parse({ ...valid, password: 'Violet-Harbour-9' });
    const form = toAddUserFormData(values, photo);
    expect(form.get('password')).toBe('Violet-Harbour-9');
    expect((form.get('photo') as File).name).toBe('me.png');
  });
});
