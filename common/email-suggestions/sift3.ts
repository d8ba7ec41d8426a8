/**
 * Sift3 string distance (Siderite, 2007), transcribed from mailcheck 1.1.1 so that distances — and
 * therefore suggestions — stay identical to the original. It is not a true edit distance: it
 * rewards long common runs, so a transposition ("gmial") costs less than two substitutions.
 */

/** How far ahead sift3 looks for a re-synchronisation point after a mismatch. */
const MAX_OFFSET = 5;

export function sift3Distance(s1: string, s2: string): number {
  // Untyped callers (the client exposes Mailcheck on window) may pass null, as mailcheck allowed.
  const a = s1 ?? '';
  const b = s2 ?? '';
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;

  let c = 0;
  let offset1 = 0;
  let offset2 = 0;
  let lcs = 0;
  while (c + offset1 < a.length && c + offset2 < b.length) {
    if (a.charAt(c + offset1) === b.charAt(c + offset2)) {
      lcs++;
    } else {
      [offset1, offset2] = findOffsets(a, b, c);
    }
    c++;
  }
  return (a.length + b.length) / 2 - lcs;
}

/**
 * Looks for the nearest position where either string re-aligns with the other's character at `c`.
 * Order matters for parity: at each step `a` is probed before `b`, exactly as in mailcheck.
 */
function findOffsets(a: string, b: string, c: number): [number, number] {
  for (let i = 0; i < MAX_OFFSET; i++) {
    if (c + i < a.length && a.charAt(c + i) === b.charAt(c)) return [i, 0];
    if (c + i < b.length && a.charAt(c) === b.charAt(c + i)) return [0, i];
  }
  return [0, 0];
}
