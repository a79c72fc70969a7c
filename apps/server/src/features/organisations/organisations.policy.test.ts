import { describe, expect, it } from 'vitest';
import { actor, HOME_ORG, OTHER_ORG, rowsOf } from '../../../test/policy-table.ts';
import {
  canAdministerOrganisation,
  canSeeOrganisation,
  superadminOnlyChanges,
} from './organisations.policy.ts';

// Nobody owns an organisation: ownership changes nothing, the rows say so. Columns: see, administer.
describe('who sees and administers an organisation, its structure and theme', () => {
  it.each(
    rowsOf<[see: boolean, administer: boolean]>({
      'superadmin own same org': [true, true],
      'superadmin own other org': [true, true],
      "superadmin other's same org": [true, true],
      "superadmin other's other org": [true, true],
      'admin own same org': [true, true],
      'admin own other org': [false, false],
      "admin other's same org": [true, true],
      "admin other's other org": [false, false],
      'trainer own same org': [true, false],
      'trainer own other org': [false, false],
      "trainer other's same org": [true, false],
      "trainer other's other org": [false, false],
      'learner own same org': [true, false],
      'learner own other org': [false, false],
      "learner other's same org": [true, false],
      "learner other's other org": [false, false],
    }).map(([c, row]) => [c.name, c, row] as const),
  )('%s → %j', (_n, c, row) => {
    expect([
      canSeeOrganisation(c.actor, c.organisationId),
      canAdministerOrganisation(c.actor, c.organisationId),
    ]).toEqual(row);
  });
});

describe('superadminOnlyChanges', () => {
  const current = { public_base_url: 'https://acme.test', sso_issuer_base_url: null };

  it('refuses an admin the domain, the seats and changed addresses, and names them', () => {
    const changes = superadminOnlyChanges(
      actor('admin'),
      {
        domain_url: 'acme.example',
        licence_seats: 10,
        public_base_url: 'https://evil.test',
        sso_issuer_base_url: null,
      },
      current,
    );
    expect(changes).toEqual(['domain_url', 'licence_seats', 'public_base_url']);
  });

  it('lets an admin send the addresses unchanged, as the settings form does', () => {
    expect(superadminOnlyChanges(actor('admin'), { ...current, title: 'Acme' }, current)).toEqual(
      [],
    );
  });

  it('refuses a superadmin nothing', () => {
    const everything = {
      domain_url: 'x.example',
      licence_seats: 1,
      public_base_url: 'https://x.test',
    };
    expect(superadminOnlyChanges(actor('superadmin', OTHER_ORG), everything, current)).toEqual([]);
    expect(superadminOnlyChanges(actor('superadmin', HOME_ORG), everything, current)).toEqual([]);
  });
});
