import type { AppModule } from '../../core/module.ts';
import { profilesMatrix } from './profiles.matrix.ts';
import { registerProfileRoutes } from './profiles.routes.ts';

/** A user's profile: details, sections (education, work, addresses...), photo. */
export const profilesModule: AppModule = {
  name: 'profiles',
  routes: registerProfileRoutes,
  matrix: profilesMatrix,
};

export { photoUrl, squareWebp } from './profile-image.service.ts';
export { type AccountActor, mayAdminister, type ProfileTarget } from './profiles.policy.ts';
