/**
 * Spec §2's request-flow parameter. The app's layout reads the same name to switch approver mode
 * on (app/layout/request-flow.ts); a feature may not import app/, so the name is repeated here.
 */
export const REQUEST_FLOW_PARAM = 'requestflow';

/** Ids are PostgreSQL integers: anything longer or larger is not a request. */
const MAX_ID = 2_147_483_647;

/**
 * The approval request a request-flow address names (`?requestflow=42`), or null when the flag
 * carries no request (`?requestflow`, `?requestflow=true`): approver mode without a request.
 */
export function requestFlowId(params: URLSearchParams): number | null {
  const value = params.get(REQUEST_FLOW_PARAM)?.trim() ?? '';
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
