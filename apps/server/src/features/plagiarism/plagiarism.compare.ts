import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { plagiarismFingerprints } from '../../schema/plagiarism.table.ts';
import { type Fingerprint, type Passage, passages } from './plagiarism.winnow.ts';

/**
 * Compares a check's fingerprints with every other check of the same organisation (the other
 * submissions of its assignment and of the organisation's past assignments; another
 * organisation's rows are never read: the lookup is by (organisation, hash), the index).
 *
 * - A pair's score is containment: the share of this submission's distinct fingerprints that the
 *   other one has. It is asymmetric on purpose: a short answer copied whole into a long essay
 *   scores 100 % for the short one.
 * - The overall score is union coverage: the share of this submission's fingerprints found in
 *   any other. A patchwork of three sources at 30 % each scores 90 %, which a maximum would hide.
 */

/** Pairs below this share are noise (a common phrase or two), not matches. */
export const MIN_PAIR_SHARE = 0.03;
/** The strongest pairs kept per check. */
export const MAX_MATCHES = 20;
const HASH_BATCH = 5000;

export interface PairResult {
  otherCheckId: number;
  share: number;
  passages: Passage[];
}

export async function compare(
  db: DbOrTx,
  organisationId: number,
  checkId: number,
  mine: Fingerprint[],
): Promise<{ coverage: number; pairs: PairResult[] }> {
  const distinct = [...new Set(mine.map((f) => f.hash))];
  if (distinct.length === 0) return { coverage: 0, pairs: [] };
  const byCheck = new Map<number, Fingerprint[]>();
  for (let i = 0; i < distinct.length; i += HASH_BATCH) {
    const rows = await db
      .select({
        checkId: plagiarismFingerprints.checkId,
        hash: plagiarismFingerprints.hash,
        start: plagiarismFingerprints.start,
        end: plagiarismFingerprints.end,
      })
      .from(plagiarismFingerprints)
      .where(
        and(
          eq(plagiarismFingerprints.organisationId, organisationId),
          inArray(plagiarismFingerprints.hash, distinct.slice(i, i + HASH_BATCH)),
          ne(plagiarismFingerprints.checkId, checkId),
        ),
      );
    for (const r of rows) {
      const list = byCheck.get(r.checkId);
      if (list) list.push(r);
      else byCheck.set(r.checkId, [r]);
    }
  }
  const covered = new Set<number>();
  const pairs: PairResult[] = [];
  for (const [otherCheckId, theirs] of byCheck) {
    const shared = new Set(theirs.map((f) => f.hash));
    for (const h of shared) covered.add(h);
    const share = shared.size / distinct.length;
    if (share < MIN_PAIR_SHARE) continue;
    pairs.push({ otherCheckId, share, passages: passages(mine, theirs) });
  }
  pairs.sort((a, b) => b.share - a.share || a.otherCheckId - b.otherCheckId);
  return { coverage: covered.size / distinct.length, pairs: pairs.slice(0, MAX_MATCHES) };
}

/** 0–1 as a percentage with one decimal. */
export const percent = (share: number) => Math.round(share * 1000) / 10;
