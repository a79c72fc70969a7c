import { organisationOps as ops, ROLE, type TLocation } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { organisationAdmin } from './organisations-admin.service.ts';
import { structure } from './structure.service.ts';

// Structure is managed from Organization → Human Resource (/organization): admins of the organisation.
const manage = access.menu('/organization', [ROLE.ADMIN]);

export function registerStructureRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ops.list, { access: access.roles(ROLE.ADMIN) }, async (req) => {
    const page = await organisationAdmin.list(ctx, caller(req), {
      search: req.query.search,
      ...pageBounds(req.query),
    });
    return toPage(req.url, req.query, page.count, page.results);
  });
  route(app, ops.create, { access: access.roles(ROLE.SUPERADMIN) }, async (req) =>
    organisationAdmin.create(ctx, req.body),
  );
  route(app, ops.get, { access: access.roles(ROLE.ADMIN) }, async (req) =>
    organisationAdmin.get(ctx, caller(req), req.params.id),
  );
  route(app, ops.update, { access: manage }, async (req) =>
    organisationAdmin.update(ctx, caller(req), req.params.id, req.body, { ip: req.ip }),
  );
  route(app, ops.remove, { access: access.roles(ROLE.SUPERADMIN) }, async (req) => {
    await organisationAdmin.remove(ctx, req.params.id);
    return { message: 'Organisation deleted.' };
  });

  route(app, ops.departmentsOf, { access: access.authenticated() }, async (req) =>
    structure.departments(ctx, caller(req), req.params.org),
  );
  route(app, ops.designationsOf, { access: access.authenticated() }, async (req) =>
    structure.designations(ctx, caller(req), req.params.id),
  );
  route(app, ops.locationsOf, { access: access.authenticated() }, async (req) =>
    structure.locations(ctx, caller(req), req.params.id),
  );

  route(app, ops.departmentCreate, { access: manage }, async (req) =>
    structure.createDepartment(ctx, caller(req), req.body, { ip: req.ip }),
  );
  // Renames and/or sets the head (the operation keeps its spec name).
  route(app, ops.departmentRename, { access: manage }, async (req) =>
    structure.updateDepartment(ctx, caller(req), req.params.id, req.body, { ip: req.ip }),
  );
  route(app, ops.departmentRemove, { access: manage }, async (req) => {
    await structure.deleteDepartment(ctx, caller(req), req.params.id);
    return { message: 'Department deleted.' };
  });

  route(app, ops.designationCreate, { access: manage }, async (req) =>
    structure.createIn(ctx, caller(req), 'designation', req.body),
  );
  route(app, ops.designationUpdate, { access: manage }, async (req) =>
    structure.updateIn(ctx, caller(req), 'designation', req.params.id, req.body),
  );
  route(app, ops.designationRemove, { access: manage }, async (req) => {
    await structure.deleteIn(ctx, caller(req), 'designation', req.params.id);
    return { message: 'Designation deleted.' };
  });

  // createIn and updateIn answer a row of the kind they are given; their type joins both kinds.
  route(
    app,
    ops.locationCreate,
    { access: manage },
    async (req) => (await structure.createIn(ctx, caller(req), 'location', req.body)) as TLocation,
  );
  route(
    app,
    ops.locationUpdate,
    { access: manage },
    async (req) =>
      (await structure.updateIn(
        ctx,
        caller(req),
        'location',
        req.params.id,
        req.body,
      )) as TLocation,
  );
  route(app, ops.locationRemove, { access: manage }, async (req) => {
    await structure.deleteIn(ctx, caller(req), 'location', req.params.id);
    return { message: 'Location deleted.' };
  });
}
