import Box from '@mui/material/Box';
import type { Viewer } from '@photo-sphere-viewer/core';
import type { MarkerConfig, MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { pitchDegrees, type ViewerProps, yawDegrees } from './viewer-types.ts';

/*
 * An equirectangular 360° image in Photo Sphere Viewer with its markers plugin, loaded on first
 * use. Each hotspot is a real <button> marker (keyboard reachable, named); the image comes from
 * Atrium's asset route like every other byte.
 */

async function loadSphere() {
  const [core, markers] = await Promise.all([
    import('@photo-sphere-viewer/core'),
    import('@photo-sphere-viewer/markers-plugin'),
    import('@photo-sphere-viewer/core/index.css'),
    import('@photo-sphere-viewer/markers-plugin/index.css'),
  ]);
  return { Viewer: core.Viewer, MarkersPlugin: markers.MarkersPlugin };
}

function markerButton(label: string, n: number, visited: boolean, onClick: () => void) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'xr-hotspot';
  button.textContent = String(n);
  button.setAttribute('aria-label', label);
  button.dataset.visited = String(visited);
  button.addEventListener('click', (event) => {
    event.stopPropagation();
    onClick();
  });
  return button;
}

export default function PanoramaView({
  url,
  title,
  hotspots,
  visited,
  onSelect,
  onPlace,
  onUnavailable,
  handleRef,
}: ViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const markers = useRef<MarkersPlugin | null>(null);
  // The latest callbacks, read by listeners registered once.
  const latest = useRef({ onSelect, onPlace });
  latest.current = { onSelect, onPlace };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the viewer is made once per asset; markers follow in the effect below and callbacks through `latest`.
  useEffect(() => {
    let live = true;
    loadSphere().then(
      ({ Viewer: SphereViewer, MarkersPlugin: Plugin }) => {
        if (!live || !container.current) return;
        try {
          const v = new SphereViewer({
            container: container.current,
            panorama: url,
            caption: title,
            navbar: ['zoom', 'move', 'caption', 'fullscreen'],
            mousewheelCtrlKey: true,
            plugins: [[Plugin, {}]],
          });
          v.addEventListener('click', (event) => {
            const place = latest.current.onPlace;
            if (place && !event.data.rightclick)
              place({ yaw: yawDegrees(event.data.yaw), pitch: pitchDegrees(event.data.pitch) });
          });
          viewer.current = v;
          markers.current = v.getPlugin(Plugin) as MarkersPlugin;
          setMarkers();
        } catch {
          onUnavailable('This browser cannot show 360° images (WebGL is off or missing).');
        }
      },
      () => live && onUnavailable('The 360° viewer could not be loaded.'),
    );
    return () => {
      live = false;
      viewer.current?.destroy();
      viewer.current = null;
      markers.current = null;
    };
  }, [url]);

  function setMarkers() {
    const plugin = markers.current;
    if (!plugin) return;
    const list: MarkerConfig[] = hotspots
      .filter((h) => h.yaw !== null && h.pitch !== null)
      .map((h, i) => ({
        id: String(h.id),
        position: { yaw: `${h.yaw}deg`, pitch: `${h.pitch}deg` },
        element: markerButton(
          `Hotspot ${i + 1}: ${h.title}${visited?.has(h.id) ? ' (visited)' : ''}`,
          i + 1,
          visited?.has(h.id) ?? false,
          () => latest.current.onSelect(h.id),
        ),
        anchor: 'center center',
        tooltip: h.title,
      }));
    plugin.setMarkers(list);
  }

  useEffect(setMarkers, [hotspots, visited]);

  useImperativeHandle(handleRef, () => ({
    currentPlacement() {
      const v = viewer.current;
      if (!v) return null;
      const p = v.getPosition();
      return { yaw: yawDegrees(p.yaw), pitch: pitchDegrees(p.pitch) };
    },
  }));

  return (
    <Box
      ref={container}
      sx={{ width: '100%', height: '100%', cursor: onPlace ? 'crosshair' : undefined }}
    />
  );
}
