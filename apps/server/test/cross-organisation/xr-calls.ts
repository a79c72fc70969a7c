import type { TestApp } from '../app.ts';
import type { Staff } from '../auth.ts';
import { buildGlb } from '../factories/xr.ts';
import { call } from '../http.ts';
import type { IdCall } from './calls.ts';

/**
 * The AR/VR studio (issue 24) in the cross-organisation test: a scene of acme's trainer with two
 * hotspots, attached to a module of acme's own course (its item), which acme's enrolled learner
 * plays and visits.
 */
export interface XrObjects {
  xrScene: number;
  xrHotspot: number;
  xrSpareHotspot: number;
  xrItem: number;
}

export async function makeXrObjects(t: TestApp, acme: Staff, moduleId: number): Promise<XrObjects> {
  const upload = await call(t.app, 'POST', '/api/xr/scenes/', {
    token: acme.trainer.token,
    form: [
      { name: 'title', value: 'Pump' },
      { name: 'asset', filename: 'pump.glb', content: buildGlb() },
    ],
  });
  if (upload.statusCode !== 201) throw new Error(`xr scene: ${upload.body}`);
  const scene = upload.json() as { id: number; file_id: number };
  const hotspot = async (title: string) => {
    const res = await call(t.app, 'POST', `/api/xr/scenes/${scene.id}/hotspots/`, {
      token: acme.trainer.token,
      body: { title, placement: { position: '0 0 0', normal: null } },
    });
    return (res.json() as { id: number }).id;
  };
  const xrHotspot = await hotspot('Inlet');
  const xrSpareHotspot = await hotspot('Outlet');
  const attached = await call(t.app, 'POST', `/api/courses/modules/${moduleId}/files/`, {
    token: acme.admin.token,
    body: { file: scene.file_id },
  });
  if (attached.statusCode !== 201) throw new Error(`xr item: ${attached.body}`);
  const files = (attached.json() as { files: { id: number; file_id: number }[] }).files;
  return {
    xrScene: scene.id,
    xrHotspot,
    xrSpareHotspot,
    xrItem: files.find((f) => f.file_id === scene.file_id)!.id,
  };
}

export const XR_CALLS: Record<string, IdCall> = {
  'GET /api/xr/scenes/:id/': { params: (f) => ({ id: f.xrScene }) },
  'PATCH /api/xr/scenes/:id/': {
    params: (f) => ({ id: f.xrScene }),
    body: () => ({ title: 'Taken over' }),
  },
  // A module uses it: acme's own delete is refused too (409), and nothing is lost.
  'DELETE /api/xr/scenes/:id/': { params: (f) => ({ id: f.xrScene }) },
  'GET /api/xr/scenes/:id/asset/': { params: (f) => ({ id: f.xrScene }) },
  'POST /api/xr/scenes/:id/hotspots/': {
    params: (f) => ({ id: f.xrScene }),
    body: () => ({ title: 'Planted', placement: { position: '1 1 1', normal: null } }),
  },
  'PATCH /api/xr/hotspots/:id/': {
    params: (f) => ({ id: f.xrHotspot }),
    body: () => ({ title: 'Taken over' }),
  },
  'DELETE /api/xr/hotspots/:id/': { params: (f) => ({ id: f.xrSpareHotspot }) },
  'GET /api/xr/module-files/:id/': { params: (f) => ({ id: f.xrItem }), owner: 'learner' },
  'POST /api/xr/module-files/:id/visits/': {
    params: (f) => ({ id: f.xrItem }),
    body: (f) => ({ hotspot: f.xrHotspot }),
    owner: 'learner',
  },
};
