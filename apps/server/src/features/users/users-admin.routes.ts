import { ROLE, userOps } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { csvStream, xlsxStream } from '../../core/export/spreadsheet.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { route } from '../../core/http/operation.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { squareWebp } from '../profiles/index.ts';
import { iterateUsers } from './users-admin.repository.ts';
import { targetOrganisation, usersAdmin } from './users-admin.service.ts';

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
  // Trainers look learners up too (spec §6: the user lookup filters roles 3,4).
  route(app, userOps.list, { access: access.roles(ROLE.ADMIN, ROLE.TRAINER) }, async (req) => {
    const q = req.query;
    const page = await usersAdmin.list(
      ctx.db,
      caller(req),
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
  });

  route(app, userOps.export, { access: manage }, async (req, reply) => {
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
  });

  route(app, userOps.add, { access: manage }, async (req) => {
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
    const input = parseInput(userOps.add.body.form, fields);
    return usersAdmin.add(ctx, caller(req), input, req.ip, photo);
  });

  route(app, userOps.act, { access: manage }, async (req) =>
    usersAdmin.act(ctx, caller(req), req.params.id, req.body, req.ip, req.query.organization),
  );

  route(app, userOps.remove, { access: manage }, async (req) => {
    await usersAdmin.remove(ctx, caller(req), req.params.id, req.ip, req.query.organization);
    return { message: 'User removed.' };
  });

  route(app, userOps.licences, { access: access.roles(ROLE.ADMIN) }, async (req) =>
    usersAdmin.licences(ctx, caller(req), req.query.organization),
  );

  route(app, userOps.setSeats, { access: access.roles(ROLE.SUPERADMIN) }, async (req) =>
    usersAdmin.setSeats(ctx, caller(req), req.body.organization, req.body.seats, req.ip),
  );
}
