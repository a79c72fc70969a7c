import {
  profilePaths,
  type TEducation,
  ZAdditionalInfo,
  ZAdditionalInfoCreate,
  ZAdditionalInfoUpdate,
  ZAddress,
  ZAddressCreate,
  ZAddressUpdate,
  ZEducation,
  ZEducationBulkCreate,
  ZEducationCreate,
  ZEducationList,
  ZEducationUpdate,
  ZErrorResponse,
  ZProfessionalInfo,
  ZProfessionalInfoCreate,
  ZProfessionalInfoUpdate,
  ZSectionId,
  ZSocialMedia,
  ZSocialMediaCreate,
  ZSocialMediaUpdate,
} from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, caller } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { errorResponses } from '../../core/http/error-responses.ts';
import {
  createMany,
  createSection,
  deleteSection,
  SECTIONS,
  type Section,
  updateSection,
} from './profile-sections.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['profiles'];
const editRule =
  'own profile by default; an admin may name `user` of their organisation; others are refused';

interface SectionRoutes {
  section: Section;
  name: string;
  path: string;
  item: string;
  create: z.ZodType;
  update: z.ZodType;
  out: z.ZodType;
  deletable: boolean;
}

const ROUTES: SectionRoutes[] = [
  {
    section: SECTIONS.education,
    name: 'an education entry',
    path: profilePaths.education,
    item: profilePaths.educationItem,
    create: ZEducationCreate,
    update: ZEducationUpdate,
    out: ZEducation,
    deletable: true,
  },
  {
    section: SECTIONS.professionalInfo,
    name: 'a professional info entry',
    path: profilePaths.professionalInfo,
    item: profilePaths.professionalInfoItem,
    create: ZProfessionalInfoCreate,
    update: ZProfessionalInfoUpdate,
    out: ZProfessionalInfo,
    deletable: false,
  },
  {
    section: SECTIONS.location,
    name: 'the location (address) section',
    path: profilePaths.address,
    item: profilePaths.addressItem,
    create: ZAddressCreate,
    update: ZAddressUpdate,
    out: ZAddress,
    deletable: false,
  },
  {
    section: SECTIONS.additionalInfo,
    name: 'the additional info section',
    path: profilePaths.additionalInfo,
    item: profilePaths.additionalInfoItem,
    create: ZAdditionalInfoCreate,
    update: ZAdditionalInfoUpdate,
    out: ZAdditionalInfo,
    deletable: false,
  },
  {
    section: SECTIONS.socialMedia,
    name: 'the social media section',
    path: profilePaths.socialMedia,
    item: profilePaths.socialMediaItem,
    create: ZSocialMediaCreate,
    update: ZSocialMediaUpdate,
    out: ZSocialMedia,
    deletable: false,
  },
];

type Body = { user?: number } & Record<string, unknown>;
/**
 * Open to a user awaiting approval: their own sections only, since
 * mayAdminister (profiles.policy.ts) grants them nobody else's.
 */
const sectionAccess = access.authenticated({ unapproved: 'allow' });

/** education/, professional-info/, location/, additional-info/, social-media/ and bulk-edu-create/. */
export function registerProfileSectionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const def of ROUTES) {
    r.post(
      def.path,
      {
        schema: {
          tags,
          summary: `Add ${def.name} (${editRule})${def.section.single ? '; a second one is refused with 409' : ''}`,
          body: def.create,
          response: {
            201: def.out,
            ...errors,
            ...(def.section.single ? { 409: ZErrorResponse } : {}),
          },
        },
        config: { access: sectionAccess },
      },
      async (request, reply) => {
        const created = await createSection(
          ctx,
          caller(request),
          def.section,
          request.body as Body,
          request.ip,
        );
        return reply.code(201).send(created);
      },
    );

    r.patch(
      def.item,
      {
        schema: {
          tags,
          summary: `Change ${def.name} (the owner, or an admin of their organisation)`,
          params: ZSectionId,
          body: def.update,
          response: { 200: def.out, ...errors },
        },
        config: { access: sectionAccess },
      },
      async (request) =>
        updateSection(
          ctx,
          caller(request),
          def.section,
          request.params.id,
          request.body as Record<string, unknown>,
          request.ip,
        ),
    );

    if (def.deletable) {
      r.delete(
        def.item,
        {
          schema: {
            tags,
            summary: `Delete ${def.name} (the owner, or an admin of their organisation)`,
            params: ZSectionId,
            response: { 204: z.null().describe('Deleted.'), ...errors },
          },
          config: { access: sectionAccess },
        },
        async (request, reply) => {
          await deleteSection(ctx, caller(request), def.section, request.params.id, request.ip);
          return reply.code(204).send(null);
        },
      );
    }
  }

  r.post(
    profilePaths.educationBulk,
    {
      schema: {
        tags,
        summary: `Add several education entries at once: all valid or none written (${editRule})`,
        body: ZEducationBulkCreate,
        response: { 201: ZEducationList, ...errors },
      },
      config: { access: sectionAccess },
    },
    async (request, reply) => {
      const results = await createMany<TEducation>(
        ctx,
        caller(request),
        SECTIONS.education,
        request.body,
        request.ip,
      );
      return reply.code(201).send({ results });
    },
  );
}
