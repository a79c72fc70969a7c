import { z } from 'zod';
import { plainText } from '../core/plain-text.ts';

/* The classroom schemas' own field helpers (not exported from the contract's index). */

/** A form flag: true/1/on or false/0/empty, as well as a boolean. */
export const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());
export const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);
export const name = plainText().trim().min(1, 'This field may not be blank.').max(200);
export const text = plainText().max(5000);
/** Spec §6 approver mode: the listing shows what waits for the caller's decision. */
export const isApprover = flag.optional();
