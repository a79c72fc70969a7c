import { PNG } from '../factories/catalogue.ts';
import type { Body, IdCall } from './calls.ts';

/**
 * The image store in the cross-organisation test (see calls.ts): one image acme's learner
 * uploaded (any member may), which only acme's members read.
 */
export interface ImageObjects {
  storedImage: string;
}

type Json = (
  token: string,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: Body,
) => Promise<Record<string, unknown>>;

export async function makeImageObjects(json: Json, learner: string): Promise<ImageObjects> {
  const image = await json(learner, 'POST', '/api/images/', {
    parts: [{ name: 'image', filename: 'map.png', content: PNG, type: 'image/png' }],
  });
  return { storedImage: image.uuid as string };
}

export const IMAGE_CALLS: Record<string, IdCall> = {
  'GET /api/images/:uuid/': { params: (f) => ({ uuid: f.storedImage }) },
};
