import type { TOrganisation } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  changedOrganisationFields,
  organisationFormValues,
  SUPERADMIN_ONLY_FIELDS,
  ZOrganisationForm,
} from './organisation-form.ts';

const stored: TOrganisation = {
  id: 30,
  title: 'Acme Learning',
  acronym: 'ACME',
  domain_url: 'learn.acme.test',
  public_base_url: null,
  is_default: false,
  allow_signup: false,
  idle_mode: 'prompt',
  idle_minutes: 10,
  licence_seats: 50,
  help_desk_url: null,
  meeting_url: null,
  sso_issuer_base_url: null,
  sso_realm: null,
  sso_client_id: null,
  sso_auto_provision: false,
  member_count: 3,
  department_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
};

const parse = (changes: Record<string, unknown>) =>
  ZOrganisationForm.safeParse({ ...organisationFormValues(), ...changes });

describe('ZOrganisationForm', () => {
  it('turns blank optional inputs into null and numbers into numbers', () => {
    const result = parse({ title: 'Acme', acronym: 'AC 1', idle_minutes: '15' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      title: 'Acme',
      acronym: 'AC 1',
      domain_url: null,
      licence_seats: null,
      idle_minutes: 15,
      help_desk_url: null,
    });
  });

  it('applies the contract rules: acronym, host name, URLs and whole numbers', () => {
    const result = parse({
      title: 'Acme',
      acronym: 'AC-ME!',
      domain_url: 'https://acme.test/x',
      help_desk_url: 'help.acme.test',
      licence_seats: '12.5',
      idle_minutes: '0',
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(
      expect.arrayContaining([
        'acronym',
        'domain_url',
        'help_desk_url',
        'licence_seats',
        'idle_minutes',
      ]),
    );
    expect(result.error?.issues.find((issue) => issue.path[0] === 'acronym')?.message).toBe(
      'The acronym may contain only letters, digits and spaces.',
    );
  });
});

describe('changedOrganisationFields', () => {
  it('sends only what changed, and never the fields the caller may not set', () => {
    const values = { ...organisationFormValues(stored), title: 'Acme Academy', domain_url: '' };
    const payload = ZOrganisationForm.parse(values);
    expect(changedOrganisationFields(payload, stored, () => true)).toEqual({
      title: 'Acme Academy',
      domain_url: null,
    });
    expect(
      changedOrganisationFields(
        payload,
        stored,
        (field) => !SUPERADMIN_ONLY_FIELDS.includes(field),
      ),
    ).toEqual({ title: 'Acme Academy' });
  });

  it("never sends an admin's change of the public address or the identity provider", () => {
    const payload = ZOrganisationForm.parse({
      ...organisationFormValues(stored),
      public_base_url: 'https://attacker.test',
      sso_issuer_base_url: 'https://id.attacker.test',
      meeting_url: 'https://meet.acme.test',
    });
    expect(
      changedOrganisationFields(
        payload,
        stored,
        (field) => !SUPERADMIN_ONLY_FIELDS.includes(field),
      ),
    ).toEqual({ meeting_url: 'https://meet.acme.test' });
  });

  it('finds nothing to send for an untouched form', () => {
    const payload = ZOrganisationForm.parse(organisationFormValues(stored));
    expect(changedOrganisationFields(payload, stored, () => true)).toEqual({});
  });
});
