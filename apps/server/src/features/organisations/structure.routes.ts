import {
  structurePaths as p,
  ROLE,
  ZDepartment,
  ZDepartmentCreate,
  ZDepartmentUpdate,
  ZDesignation,
  ZDesignationCreate,
  ZDesignationUpdate,
  ZLocation,
  ZLocationCreate,
  ZLocationUpdate,
  ZOrganisation,
  ZOrganisationCreate,
  ZOrganisationListQuery,
  ZOrganisationUpdate,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { organisationAdmin } from './organisations-admin.service.ts';
import { structure } from './structure.service.ts';

const id = z.object({ id: zIdParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['organisations'];
// Structure is managed from Organization → Human Resource (/organization): admins of the organisation.
const manage = access.menu('/organization', [ROLE.ADMIN]);
const deleted = z.object({ message: z.string() });

export function registerStructureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.organisations,
    {
      schema: {
        tags,
        summary: 'Organisations (superadmin: all; others: their own)',
        querystring: ZOrganisationListQuery,
        response: { 200: zPage(ZOrganisation), ...errors },
      },
      config: { access: access.roles(ROLE.ADMIN) },
    },
    async (req) => {
      const page = await organisationAdmin.list(ctx, caller(req), {
        search: req.query.search,
        ...pageBounds(req.query),
      });
      return toPage(req.url, req.query, page.count, page.results);
    },
  );
  r.post(
    p.organisations,
    {
      schema: {
        tags,
        summary: 'Create an organisation (superadmin)',
        body: ZOrganisationCreate,
        response: { 201: ZOrganisation, ...errors },
      },
      config: { access: access.roles(ROLE.SUPERADMIN) },
    },
    async (req, reply) => reply.code(201).send(await organisationAdmin.create(ctx, req.body)),
  );
  r.get(
    p.organisation,
    {
      schema: {
        tags,
        summary: 'One organisation',
        params: id,
        response: { 200: ZOrganisation, ...errors },
      },
      config: { access: access.roles(ROLE.ADMIN) },
    },
    async (req) => organisationAdmin.get(ctx, caller(req), req.params.id),
  );
  r.patch(
    p.organisation,
    {
      schema: {
        tags,
        summary:
          'Change an organisation (superadmin; its admin all but domain, seats, public address and identity provider)',
        params: id,
        body: ZOrganisationUpdate,
        response: { 200: ZOrganisation, ...errors },
      },
      config: { access: manage },
    },
    async (req) =>
      organisationAdmin.update(ctx, caller(req), req.params.id, req.body, { ip: req.ip }),
  );
  r.delete(
    p.organisation,
    {
      schema: {
        tags,
        summary: 'Delete an empty organisation (superadmin)',
        params: id,
        response: { 200: deleted, ...errors },
      },
      config: { access: access.roles(ROLE.SUPERADMIN) },
    },
    async (req) => {
      await organisationAdmin.remove(ctx, req.params.id);
      return { message: 'Organisation deleted.' };
    },
  );

  r.get(
    p.departmentsByOrganisation,
    {
      schema: {
        tags,
        summary: 'Departments of an organisation',
        params: z.object({ org: zIdParam }),
        response: { 200: z.array(ZDepartment), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => structure.departments(ctx, caller(req), req.params.org),
  );
  r.get(
    p.designationsByDepartment,
    {
      schema: {
        tags,
        summary: 'Designations of a department',
        params: id,
        response: { 200: z.array(ZDesignation), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => structure.designations(ctx, caller(req), req.params.id),
  );
  r.get(
    p.locationsByDepartment,
    {
      schema: {
        tags,
        summary: 'Locations of a department',
        params: id,
        response: { 200: z.array(ZLocation), ...errors },
      },
      config: { access: access.authenticated() },
    },
    async (req) => structure.locations(ctx, caller(req), req.params.id),
  );

  r.post(
    p.departments,
    {
      schema: {
        tags,
        summary: 'Add a department',
        body: ZDepartmentCreate,
        response: { 201: ZDepartment, ...errors },
      },
      config: { access: manage },
    },
    async (req, reply) =>
      reply.code(201).send(await structure.createDepartment(ctx, caller(req), req.body)),
  );
  r.patch(
    p.department,
    {
      schema: {
        tags,
        summary: 'Rename a department',
        params: id,
        body: ZDepartmentUpdate,
        response: { 200: ZDepartment, ...errors },
      },
      config: { access: manage },
    },
    async (req) => structure.renameDepartment(ctx, caller(req), req.params.id, req.body.name),
  );
  r.delete(
    p.department,
    {
      schema: {
        tags,
        summary: 'Delete an unused department',
        params: id,
        response: { 200: deleted, ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await structure.deleteDepartment(ctx, caller(req), req.params.id);
      return { message: 'Department deleted.' };
    },
  );

  for (const kind of ['designation', 'location'] as const) {
    const [list, one, create, update, item] =
      kind === 'designation'
        ? [p.designations, p.designation, ZDesignationCreate, ZDesignationUpdate, ZDesignation]
        : [p.locations, p.location, ZLocationCreate, ZLocationUpdate, ZLocation];
    r.post(
      list,
      {
        schema: {
          tags,
          summary: `Add a ${kind} to a department`,
          body: create,
          response: { 201: item, ...errors },
        },
        config: { access: manage },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(
            await structure.createIn(
              ctx,
              caller(req),
              kind,
              req.body as z.infer<typeof ZLocationCreate>,
            ),
          ),
    );
    r.patch(
      one,
      {
        schema: {
          tags,
          summary: `Change a ${kind}`,
          params: id,
          body: update,
          response: { 200: item, ...errors },
        },
        config: { access: manage },
      },
      async (req) => structure.updateIn(ctx, caller(req), kind, req.params.id, req.body),
    );
    r.delete(
      one,
      {
        schema: {
          tags,
          summary: `Delete an unused ${kind}`,
          params: id,
          response: { 200: deleted, ...errors },
        },
        config: { access: manage },
      },
      async (req) => {
        await structure.deleteIn(ctx, caller(req), kind, req.params.id);
        return { message: `${kind === 'designation' ? 'Designation' : 'Location'} deleted.` };
      },
    );
  }
}
