import type { TXrHotspot, ZXrPlacement } from '@atrium/contract';
import type { Ref } from 'react';
import type { z } from 'zod';

export type Placement = z.input<typeof ZXrPlacement>;

/** What the studio asks of a viewer for "add a hotspot at the current view". */
export interface ViewerHandle {
  /** The place at the centre of the current view; null when the viewer cannot tell (no WebGL). */
  currentPlacement(): Placement | null;
}

export interface ViewerProps {
  url: string;
  title: string;
  hotspots: readonly TXrHotspot[];
  visited?: ReadonlySet<number>;
  onSelect: (id: number) => void;
  /** In the studio's placing mode: a click on the model or panorama places a hotspot there. */
  onPlace?: ((placement: Placement) => void) | null;
  /** The viewer could not start (no WebGL, unreadable asset): the hotspot list remains. */
  onUnavailable: (reason: string) => void;
  handleRef?: Ref<ViewerHandle>;
}

/** Degrees in -180..180 (yaw) from radians in 0..2π, rounded to a tenth. */
export function yawDegrees(radians: number): number {
  let deg = (radians * 180) / Math.PI;
  while (deg > 180) deg -= 360;
  while (deg < -180) deg += 360;
  return Math.round(deg * 10) / 10;
}

export const pitchDegrees = (radians: number) =>
  Math.max(-90, Math.min(90, Math.round(((radians * 180) / Math.PI) * 10) / 10));

/** "x y z" with four decimals, as the contract and model-viewer's data-position take it. */
export const vector = (v: { x: number; y: number; z: number }) =>
  [v.x, v.y, v.z].map((n) => Number(n.toFixed(4))).join(' ');
