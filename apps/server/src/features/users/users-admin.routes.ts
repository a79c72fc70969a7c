import {
  userAdminPaths as p,
  ROLE,
  ZAddUser,
  ZLicence,
  ZLicenceUpdate,
  ZUserAction,
  ZUserExportQuery,
  ZUserListQuery,
  ZUserRow,
  ZUserTargetQuery,
  zIdParam,
  zPage,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { csvStream, xlsxStream } from '../../core/export/spreadsheet.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { squareWebp } from '../profiles/index.ts';
import { iterateUsers } from './users-admin.repository.ts';
import { targetOrganisation, usersAdmin } from './users-admin.service.ts';

const id = z.object({ id: zIdParam });
const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['users'];
// The Users screen of the side menu (/settings): admins of the organisation.
const manage = access.menu('/settings', [ROLE.ADMIN]);

const EXPORT_COLUMNS = [
  { header: 'Username', key: 'username' },
  { header: 'E-mail', key: 'email', width: 30 },
  { header: 'First name', key: 'first_name' },
  { header: 'Last name', key: 'last_name' },
  { header: 'Role', key: 'role' },
  { header: 'Status', key: 'status' },
  { header: 'Department', key: 'department' },
  { header: 'Designation', key: 'designation' },
  { header: 'Location', key: 'location' },
  { header: 'Date joined', key: 'date_joined' },
  { header: 'Last sign-in', key: 'last_login' },
];

export function registerUserAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    p.list,
    {
      schema: {
        tags,
        summary: 'Users of the organisation: search, filter by role/department/status, sort, page',
        querystring: ZUserListQuery,
        response: { 200: zPage(ZUserRow), ...errors },
      },
      // Trainers look learners up too (spec §6: the user lookup filters roles 3,4).
      config: { access: access.roles(ROLE.ADMIN, ROLE.TRAINER) },
    },
    async (req) => {
      const q = req.query;
      const page = await usersAdmin.list(
        ctx.db,
        {
          organisationId: targetOrganisation(caller(req), q.organization),
          search: q.search,
          roles: q.role,
          departmentId: q.department,
          status: q.status,
        },
        q.ordering,
        pageBounds(q),
      );
      return toPage(req.url, q, page.count, page.rows);
    },
  );

  r.get(
    p.export,
    {
      schema: {
        tags,
        summary:
          'The filtered user list as CSV or XLSX (cells that look like formulas are neutralised)',
        querystring: ZUserExportQuery,
      },
      config: { access: manage },
    },
    async (req, reply) => {
      const q = req.query;
      const filter = {
        organisationId: targetOrganisation(caller(req), q.organization),
        search: q.search,
        roles: q.role,
        departmentId: q.department,
        status: q.status,
      };
      const rows = (async function* () {
        for await (const u of iterateUsers(ctx.db, filter, q.ordering)) {
          yield {
            ...u,
            role: u.role.name,
            department: u.department?.name,
            designation: u.designation?.name,
            location: u.location?.name,
          };
        }
      })();
      const sheet = { columns: EXPORT_COLUMNS, rows };
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="users-${stamp}.${q.format}"`);
      if (q.format === 'xlsx') {
        reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        return reply.send(xlsxStream(sheet, 'Users'));
      }
      reply.type('text/csv; charset=utf-8');
      return reply.send(csvStream(sheet));
    },
  );

  r.post(
    p.add,
    {
      schema: {
        tags,
        summary:
          'Add a user (JSON, or multipart with the same fields; without a password the user is mailed a link to choose one)',
        response: { 201: ZUserRow, ...errors },
      },
      config: { access: manage },
    },
    async (req, reply) => {
      // The photo is checked and resized while the form streams in, before anything is written.
      let photo: Buffer | undefined;
      const fields = await readForm(req, async (file) => {
        if (file.fieldname !== 'photo') {
          file.file.resume();
          throw badRequest('Invalid input. Please correct the fields listed.', {
            [file.fieldname]: ['No file is expected here.'],
          });
        }
        photo = await squareWebp(file);
      });
      const input = parseInput(ZAddUser, fields);
      return reply.code(201).send(await usersAdmin.add(ctx, caller(req), input, req.ip, photo));
    },
  );

  r.patch(
    p.action,
    {
      schema: {
        tags,
        summary:
          'Approve, reject, activate, deactivate (ends their sessions) or change the role of a user',
        params: id,
        querystring: ZUserTargetQuery,
        body: ZUserAction,
        response: { 200: ZUserRow, ...errors },
      },
      config: { access: manage },
    },
    async (req) =>
      usersAdmin.act(ctx, caller(req), req.params.id, req.body, req.ip, req.query.organization),
  );

  r.delete(
    p.remove,
    {
      schema: {
        tags,
        summary: 'Remove a user from the organisation',
        params: id,
        querystring: ZUserTargetQuery,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
      config: { access: manage },
    },
    async (req) => {
      await usersAdmin.remove(ctx, caller(req), req.params.id, req.ip, req.query.organization);
      return { message: 'User removed.' };
    },
  );

  r.get(
    p.licence,
    {
      schema: {
        tags,
        summary: 'Licence seats and their use (superadmin: every organisation)',
        querystring: z.object({ organization: zIdParam.optional() }),
        response: { 200: z.array(ZLicence), ...errors },
      },
      config: { access: access.roles(ROLE.ADMIN) },
    },
    async (req) => usersAdmin.licences(ctx, caller(req), req.query.organization),
  );

  r.post(
    p.licence,
    {
      schema: {
        tags,
        summary: "Set an organisation's licence seats (superadmin)",
        body: ZLicenceUpdate,
        response: { 200: ZLicence, ...errors },
      },
      config: { access: access.roles(ROLE.SUPERADMIN) },
    },
    async (req) =>
      usersAdmin.setSeats(ctx, caller(req), req.body.organization, req.body.seats, req.ip),
  );
}
