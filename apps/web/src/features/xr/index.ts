/* The public surface of this feature: app/ and other features import nothing else (biome.json). */

export { XrPlayer } from './components/xr-player.tsx';

/**
 * The AR/VR studio (issue 24): `/ar-vr-studio`, the organisation's scenes and their editor. The
 * course player shows a scene through `XrPlayer`; the viewers load on first use.
 */
export const xrPages = {
  studio: () => import('./pages/studio.page.tsx'),
};
