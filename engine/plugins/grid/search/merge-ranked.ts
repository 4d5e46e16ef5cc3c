/**
 * One answer from the answers of workers that each searched a part of the rows. Fuse.js orders
 * matches by score, then by position, and a match's score depends on its own record alone
 * (model/search.ts), so merging the parts' answers by score, then by position in all the rows,
 * gives exactly the answer a search over all the rows gives (tested against it).
 */

/** A part's answer: positions in the part (from `offset` in all the rows), best first, and their scores. */
export interface RankedPart {
  offset: number;
  indices: ArrayLike<number>;
  scores: ArrayLike<number>;
}

/** The positions in all the rows, best first. Parts come in the rows' order (offsets rising). */
export function mergeRanked(parts: readonly RankedPart[]): number[] {
  const merged = new Array<number>(parts.reduce((sum, part) => sum + part.indices.length, 0));
  const at = parts.map(() => 0);
  for (let out = 0; out < merged.length; out++) {
    // Few parts (one a core): a scan of their heads is the cheapest pick.
    let best = -1;
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p]!;
      if (at[p]! >= part.indices.length) continue;
      // On equal scores the earlier part wins: its positions are lower.
      if (best < 0 || part.scores[at[p]!]! < parts[best]!.scores[at[best]!]!) best = p;
    }
    const part = parts[best]!;
    merged[out] = part.offset + part.indices[at[best]!]!;
    at[best]! += 1;
  }
  return merged;
}
