import { ZErrorResponse } from '@atrium/contract';

type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The OpenAPI response map of the spec §8 error shape for the given statuses, so each route file
 * names which failures it answers instead of spelling the same schema out again.
 */
export function errorResponses<S extends Status>(
  ...statuses: S[]
): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<
    S,
    typeof ZErrorResponse
  >;
}
