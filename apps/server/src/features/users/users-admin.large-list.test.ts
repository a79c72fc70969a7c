import { COUNT_CAP } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';

/*
 * Past COUNT_CAP members the list stops counting (count_capped) instead of scanning every
 * membership on each request; below it the count stays exact, including with filters.
 */
let t: TestApp;
let big: Staff;

beforeAll(async () => {
  t = await createTestApp();
  big = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  // One statement on the database side: 10,001 learners in a few hundred milliseconds.
  const n = COUNT_CAP + 1;
  await t.database.db.execute(sql`
    with created as (
      insert into users (username, email, first_name, last_name, is_active, approval_status)
      select 'bulk' || g, 'bulk' || g || '@big.test', 'Bulk', 'User ' || g, true, 1
      from generate_series(1, ${n}) g
      returning id
    )
    insert into memberships (user_id, organisation_id, role_id, view_role_id)
    select id, ${big.org.id}, 4, 4 from created`);
}, 60_000);
afterAll(() => t.close());

const list = (query: string) =>
  t.app.inject({
    url: `/api/v1/accounts/get-users/?${query}`,
    headers: bearer(big.admin.token),
  });

describe('a list past the count cap', () => {
  it('reports a capped count and still links the next page', async () => {
    const res = await list('page=2&page_size=50');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect(page.results).toHaveLength(50);
    expect(page.next).toContain('page=3');
  });

  it('stays exact for a filtered list under the cap', async () => {
    const page = (await list('search=bulk999')).json();
    // bulk999 and bulk9990…bulk9999
    expect(page.count).toBe(11);
    expect(page.count_capped).toBeUndefined();
    expect(page.next).toBeNull();
  });
});
