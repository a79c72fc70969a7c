import Box from '@mui/material/Box';
import { createElement, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { type ViewerProps, vector } from './viewer-types.ts';

/*
 * A glTF binary model in @google/model-viewer, loaded on first use (it carries three.js: far
 * too heavy for the first load). model-viewer fetches its Draco and KTX2 decoders (and Lottie)
 * from CDNs by default; they are pointed at this origin before the library loads, and the server
 * refuses models that would need them, so nothing is fetched. The meshopt decoder stays unset:
 * model-viewer fetches it at start-up whenever a location is set. AR uses WebXR or Quick Look
 * only: Scene Viewer would hand the asset's address to an app outside Atrium.
 */

interface ModelViewerLike extends HTMLElement {
  positionAndNormalFromPoint(
    x: number,
    y: number,
  ): {
    position: { x: number; y: number; z: number };
    normal: { x: number; y: number; z: number };
  } | null;
}

let loading: Promise<unknown> | null = null;
export function loadModelViewer(): Promise<unknown> {
  if (!loading) {
    const w = window as unknown as { ModelViewerElement?: Record<string, unknown> };
    w.ModelViewerElement = {
      ...w.ModelViewerElement,
      dracoDecoderLocation: '/xr-decoders/draco/',
      ktx2TranscoderLocation: '/xr-decoders/ktx2/',
      lottieLoaderLocation: '/xr-decoders/lottie.js',
    };
    loading = import('@google/model-viewer').catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

export default function ModelView({
  url,
  title,
  hotspots,
  visited,
  onSelect,
  onPlace,
  onUnavailable,
  handleRef,
}: ViewerProps) {
  const element = useRef<ModelViewerLike | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!webglAvailable()) {
      onUnavailable('This browser cannot show 3D models (WebGL is off or missing).');
      return;
    }
    let live = true;
    loadModelViewer().then(
      () => live && setReady(true),
      () => live && onUnavailable('The 3D viewer could not be loaded.'),
    );
    return () => {
      live = false;
    };
  }, [onUnavailable]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the element exists only once ready.
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const failed = () => onUnavailable('The model could not be shown.');
    el.addEventListener('error', failed);
    return () => el.removeEventListener('error', failed);
  }, [ready, onUnavailable]);

  useImperativeHandle(handleRef, () => ({
    currentPlacement() {
      const el = element.current;
      if (!el?.positionAndNormalFromPoint) return null;
      const rect = el.getBoundingClientRect();
      const hit = el.positionAndNormalFromPoint(
        rect.left + rect.width / 2,
        rect.top + rect.height / 2,
      );
      return hit ? { position: vector(hit.position), normal: vector(hit.normal) } : null;
    },
  }));

  if (!ready) return <Box sx={{ height: '100%', bgcolor: 'action.hover' }} aria-hidden />;

  return createElement(
    'model-viewer',
    {
      ref: element,
      src: url,
      alt: title,
      'camera-controls': true,
      'touch-action': 'pan-y',
      ar: true,
      'ar-modes': 'webxr quick-look',
      'interaction-prompt': 'none',
      style: { width: '100%', height: '100%', cursor: onPlace ? 'crosshair' : undefined },
      onClick: onPlace
        ? (event: MouseEvent) => {
            const hit = element.current?.positionAndNormalFromPoint(event.clientX, event.clientY);
            if (hit) onPlace({ position: vector(hit.position), normal: vector(hit.normal) });
          }
        : undefined,
    },
    hotspots
      .filter((h) => h.position)
      .map((h, i) =>
        createElement(
          'button',
          {
            key: h.id,
            type: 'button',
            slot: `hotspot-${h.id}`,
            'data-position': h.position,
            'data-normal': h.normal ?? undefined,
            'data-visibility-attribute': 'visible',
            'aria-label': `Hotspot ${i + 1}: ${h.title}${visited?.has(h.id) ? ' (visited)' : ''}`,
            className: 'xr-hotspot',
            'data-visited': visited?.has(h.id) ? 'true' : 'false',
            onClick: (event: MouseEvent) => {
              event.stopPropagation();
              onSelect(h.id);
            },
          },
          String(i + 1),
        ),
      ),
  );
}
