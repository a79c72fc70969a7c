export { photoUrl, squareWebp } from './profile-image.service.ts';
export { registerProfileRoutes } from './profiles.routes.ts';
export {
  userAdditionalInfo,
  userAddresses,
  userEducation,
  userProfessionalInfo,
  userProfiles,
  userSocialMedia,
} from './profiles.table.ts';
