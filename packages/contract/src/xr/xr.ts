import { z } from 'zod';
import { zId } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * The AR/VR studio (issue 24): a scene is one asset (a glTF 2.0 binary model or an
 * equirectangular 360° image) with hotspots. Each scene is also a file of kind `xr` in the
 * course file repository, so the course editor attaches it to a module like any file and the
 * player shows it; the learner completes it by opening every hotspot.
 */
export const XR_MODEL_TYPES = ['glb'] as const;
export const XR_PANORAMA_TYPES = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const XR_ASSET_TYPES = [...XR_MODEL_TYPES, ...XR_PANORAMA_TYPES] as const;
export const XR_MODEL_MAX_BYTES = 64 * 1024 * 1024;
export const XR_PANORAMA_MAX_BYTES = 32 * 1024 * 1024;
/** An equirectangular image is twice as wide as high; a little slack for encoders' rounding. */
export const XR_PANORAMA_RATIO = { min: 1.9, max: 2.1 } as const;
export const XR_MAX_HOTSPOTS = 50;

export const XR_MEDIA = ['model', 'panorama'] as const;
export type TXrMedia = (typeof XR_MEDIA)[number];

/** model-viewer's hotspot vectors: three numbers separated by spaces, in metres ("0 1.2 -0.5"). */
const VECTOR = /^-?\d+(\.\d+)?(e-?\d+)? -?\d+(\.\d+)?(e-?\d+)? -?\d+(\.\d+)?(e-?\d+)?$/;
const zVector = z
  .string()
  .trim()
  .max(100)
  .regex(VECTOR, 'Give three numbers separated by spaces, e.g. "0 1 0".');

const hotspotText = {
  title: plainText().trim().min(1, 'Enter the hotspot title.').max(120),
  text: plainText().trim().max(2000).default(''),
};
/**
 * Where a hotspot sits: on a model a surface point and its normal (model-viewer's
 * `data-position` / `data-normal`), on a panorama a direction in degrees.
 */
export const ZXrPlacement = z.union([
  z.strictObject({ position: zVector, normal: zVector.nullable().default(null) }),
  z.strictObject({
    yaw: z.number().min(-180).max(180),
    pitch: z.number().min(-90).max(90),
  }),
]);
export const ZXrHotspotInput = z.strictObject({ ...hotspotText, placement: ZXrPlacement });
export type TXrHotspotInput = z.input<typeof ZXrHotspotInput>;
export const ZXrHotspotPatch = z
  .strictObject({
    title: hotspotText.title,
    text: plainText().trim().max(2000),
    placement: ZXrPlacement,
  })
  .partial();

export const ZXrHotspot = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  position: z.string().nullable(),
  normal: z.string().nullable(),
  yaw: z.number().nullable(),
  pitch: z.number().nullable(),
});
export type TXrHotspot = z.infer<typeof ZXrHotspot>;

export const ZXrSceneAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });
export const ZXrScene = z.object({
  id: z.number().int(),
  title: z.string(),
  media: z.enum(XR_MEDIA),
  /** The repository file of kind `xr`: attach it to a module in the course editor. */
  file_id: z.number().int(),
  /** Where the browser fetches the asset (served by Atrium only). */
  asset_url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hotspot_count: z.number().int(),
  used_by_modules: z.number().int(),
  created_at: z.string(),
  abilities: ZXrSceneAbilities,
});
export type TXrScene = z.infer<typeof ZXrScene>;
export const ZXrSceneDetail = ZXrScene.extend({ hotspots: z.array(ZXrHotspot) });
export type TXrSceneDetail = z.infer<typeof ZXrSceneDetail>;
export const ZXrScenePage = zPage(ZXrScene);
export const ZXrSceneQuery = ZPageQuery;

/** The text fields of an upload (the file travels as the `asset` part). */
export const ZXrUploadFields = z.strictObject({
  title: plainText().trim().min(1, 'Enter the scene title.').max(200),
});
export const ZXrSceneRename = ZXrUploadFields;

/** What the course player needs for one module item of kind `xr`. */
export const ZXrPlay = z.object({
  scene: ZXrSceneDetail.omit({ abilities: true }),
  visited: z.array(z.number().int()),
  /** False for someone who is not enrolled (an author's preview): visits are not kept. */
  tracked: z.boolean(),
  completed: z.boolean(),
});
export type TXrPlay = z.infer<typeof ZXrPlay>;
export const ZXrVisit = z.strictObject({ hotspot: zId });
export const ZXrVisitResult = z.object({
  visited: z.array(z.number().int()),
  total: z.number().int(),
  completed: z.boolean(),
});
export type TXrVisitResult = z.infer<typeof ZXrVisitResult>;

export const xrSceneAssetUrl = (id: number) => `/api/xr/scenes/${id}/asset/`;
