import type { AppConfig } from '../../core/config/config.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import {
  assertOutboundUrl,
  OutboundError,
  type OutboundPolicy,
  outboundPolicy,
} from '../../core/http/outbound.ts';

/**
 * SSRF: a webhook URL is checked with the outbound guard when it is saved (https, every address
 * its host resolves to public), and again by the guard at every delivery, since DNS may change.
 * The guard's reasons stay in the log; the admin gets a plain field error.
 */

/** Deliveries wait this long at most: a receiver should answer at once and work afterwards. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer. */
export const RESPONSE_EXCERPT_MAX = 500;

export function webhookPolicy(config: Pick<AppConfig, 'outbound'>): OutboundPolicy {
  return outboundPolicy(config, {
    timeoutMs: Math.min(config.outbound.timeoutMs, WEBHOOK_TIMEOUT_MS),
  });
}

/** A 400 on the `url` field unless the guard would let a delivery go there. */
export async function assertWebhookUrl(url: string, policy: OutboundPolicy): Promise<void> {
  try {
    await assertOutboundUrl(url, policy);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    throw fieldError('url', urlRefusal(err.reason, policy));
  }
}

function urlRefusal(reason: string, policy: OutboundPolicy): string {
  if (reason.startsWith('scheme')) {
    return policy.allowHttp ? 'Enter an http or https URL.' : 'The URL must start with https://.';
  }
  if (reason.startsWith('cannot resolve') || reason.endsWith('has no address')) {
    return 'This host name could not be found.';
  }
  if (reason.startsWith('credentials')) return 'The URL must not contain a user name or password.';
  return 'This address is not allowed: it must reach a public internet address.';
}

/** What the delivery log says of a failure, without the guard's internals. */
export function deliveryError(err: unknown): string {
  if (!(err instanceof OutboundError)) return 'The delivery failed.';
  if (err.reason === 'time limit reached') return 'The receiver did not answer in time.';
  if (err.reason.includes('non-public')) {
    return 'The address now resolves to a private or reserved address: refused.';
  }
  if (err.reason.startsWith('cannot resolve')) return 'The host name could not be found.';
  if (err.reason.startsWith('redirected')) return 'The receiver answered with a redirect.';
  return 'The receiver could not be reached.';
}
