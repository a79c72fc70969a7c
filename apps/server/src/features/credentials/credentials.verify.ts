import type { TCredentialCheck, TCredentialVerification } from '@atrium/contract';
import * as vc from '@digitalbazaar/vc';
import * as bsl from '@digitalbazaar/vc-bitstring-status-list';
import { type DocumentLoader, VC_V2_CONTEXT } from './credentials.loader.ts';
import { type Json, verifierSuite } from './credentials.sign.ts';

/**
 * Verifies a credential, stored or pasted, with the library's verifier and tells which checks
 * passed: format (a VC 2.0 credential with a proof), proof (the eddsa-rdfc-2022 signature of its
 * issuer's did:key over the canonical form: one changed byte fails it), status (its bit in the
 * issuer's Bitstring Status List, itself signature-checked) and validity (validFrom/validUntil).
 * Never throws: whatever is wrong with the input becomes `verified: false` with the reason.
 */

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The most telling message in the libraries' nested errors, short. */
function messageOf(error: unknown): string {
  // jsonld-signatures nests its causes (errors[], details.cause, cause): the deepest is the one
  // that says what happened (a refused URL, an invalid signature).
  let e: unknown = error;
  for (let depth = 0; depth < 8 && isObject(e); depth++) {
    const { errors, details, cause } = e as {
      errors?: unknown;
      details?: unknown;
      cause?: unknown;
    };
    const next =
      Array.isArray(errors) && errors.length > 0
        ? errors[0]
        : isObject(details) && details.cause
          ? details.cause
          : cause;
    if (!next) break;
    e = next;
  }
  const raw = e instanceof Error ? e.message : isObject(e) ? String(e.message ?? '') : String(e);
  if (/invalid signature/i.test(raw)) {
    return 'The signature does not match: the credential was changed after it was signed, or its proof is not its issuer’s.';
  }
  if (/no matching proofs/i.test(raw)) {
    return 'The credential has no eddsa-rdfc-2022 proof by its issuer that this server can check.';
  }
  return (raw || 'The credential could not be verified.').slice(0, 300);
}

function resultError(result: Awaited<ReturnType<typeof vc.verifyCredential>>): unknown {
  return result.error ?? result.results?.find((r) => !r.verified)?.error;
}

function validDate(v: unknown): Date | null {
  const s = text(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

function formatProblem(credential: Json): string | null {
  const contexts = credential['@context'];
  if (!Array.isArray(contexts) || contexts[0] !== VC_V2_CONTEXT) {
    return `The first @context must be ${VC_V2_CONTEXT} (Verifiable Credentials 2.0).`;
  }
  const types = credential.type;
  if (!Array.isArray(types) || !types.includes('VerifiableCredential')) {
    return 'The type must include VerifiableCredential.';
  }
  if (!credential.proof) return 'The credential has no proof: it is not signed.';
  if (credential.validFrom !== undefined && !validDate(credential.validFrom)) {
    return 'validFrom is not a date.';
  }
  if (credential.validUntil !== undefined && !validDate(credential.validUntil)) {
    return 'validUntil is not a date.';
  }
  return null;
}

export async function verifyCredentialDocument(
  input: unknown,
  loader: DocumentLoader,
  now = new Date(),
): Promise<TCredentialVerification> {
  const checks: TCredentialCheck[] = [];
  const add = (check: TCredentialCheck['check'], passed: boolean, message = '') =>
    checks.push({ check, passed, message: passed ? '' : message });
  const credential = isObject(input) ? input : null;
  const issuer = credential?.issuer;
  const summary = {
    issuer: isObject(issuer)
      ? { id: text(issuer.id) ?? '', name: text(issuer.name) ?? '' }
      : text(issuer)
        ? { id: issuer as string, name: '' }
        : null,
    achievement_name: (() => {
      const subject = credential?.credentialSubject;
      const achievement = isObject(subject) ? subject.achievement : null;
      return (isObject(achievement) && text(achievement.name)) || text(credential?.name);
    })(),
    valid_from: text(credential?.validFrom),
    valid_until: text(credential?.validUntil),
  };
  let revoked = false;
  let expired = false;

  const problem = credential ? formatProblem(credential) : 'A credential is a JSON object.';
  add('format', problem === null, problem ?? '');
  if (credential && problem === null) {
    const suite = verifierSuite();
    // The proof on its own: checked at the credential's own validFrom, so an expired or
    // not-yet-valid credential still shows whether its signature holds (validity is its own check).
    const at = validDate(credential.validFrom) ?? now;
    try {
      const proof = await vc.verifyCredential({
        credential,
        suite,
        documentLoader: loader,
        now: at,
        checkStatus: async () => ({ verified: true }),
      });
      add('proof', proof.verified, proof.verified ? '' : messageOf(resultError(proof)));
    } catch (error) {
      add('proof', false, messageOf(error));
    }

    if (credential.credentialStatus === undefined) {
      add('status', true);
    } else {
      try {
        const status = (await bsl.checkStatus({
          credential,
          documentLoader: loader,
          suite,
          verifyBitstringStatusListCredential: true,
          verifyMatchingIssuers: true,
        })) as { verified: boolean; error?: unknown; results?: { status?: boolean }[] };
        revoked = status.verified && (status.results ?? []).some((r) => r.status === true);
        if (!status.verified) add('status', false, messageOf(status.error));
        else add('status', !revoked, 'The issuer has revoked this credential.');
      } catch (error) {
        add('status', false, messageOf(error));
      }
    }

    const from = validDate(credential.validFrom);
    const until = validDate(credential.validUntil);
    expired = until !== null && until.getTime() < now.getTime();
    if (from && from.getTime() > now.getTime() + 300_000) {
      add('validity', false, `The credential is valid only from ${from.toISOString()}.`);
    } else add('validity', !expired, `The credential expired on ${until?.toISOString()}.`);
  }
  const failed = checks.find((c) => !c.passed);
  return {
    verified: !failed && checks.length === 4,
    checks,
    reason: failed?.message ?? '',
    revoked,
    expired,
    ...summary,
  };
}
