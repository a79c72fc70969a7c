import { useSearchParams } from 'react-router';

/** Query parameter that turns on request-flow (approver) mode, with or without a value. */
export const REQUEST_FLOW_PARAM = 'requestflow';

/**
 * Spec §2: request-flow mode is on while the address carries `requestflow`. Approvers arrive
 * this way from a request; listings that support it send it on as is_approver (spec §6).
 */
export function useRequestFlow(): boolean {
  const [params] = useSearchParams();
  return params.has(REQUEST_FLOW_PARAM);
}
