import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { imagesMatrix } from './images.matrix.ts';
import { registerImageRoutes } from './images.routes.ts';

/**
 * The multipurpose image store (spec §7 Other): single and multi uploads of raster images,
 * re-encoded (upright, no metadata, at most IMAGE_MAX_SIDE a side) and served to members of the
 * uploader's organisation at `imageUrl(uuid)`. Rich text (discussions, later the wall and blogs)
 * points at them with IMAGE_SRC addresses.
 */
export const imagesModule: AppModule = {
  name: 'images',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerImageRoutes(app, ctx);
  },
  matrix: imagesMatrix,
};

export { canSeeImage } from './images.policy.ts';
export { imagesUploadedBy, organisationImageUuids } from './images.repository.ts';
