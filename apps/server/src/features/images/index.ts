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

// For slices that keep an image of their own making in this store (badges: a 256 px PNG): the
// same reading limit, checks and re-encoding, and the row that makes it servable.
export { readLimited, reencode, refusal } from './image-encode.ts';
export { canSeeImage } from './images.policy.ts';
export { imagesUploadedBy, insertImages, organisationImageUuids } from './images.repository.ts';
