/**
 * A deterministic corpus for the search bench: made-up words of 2–3 syllables with a Zipf-like
 * frequency (a few words are everywhere, most are rare), strung into posts of 8–24 words.
 */
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'su',
  'ta',
  'ri',
  'po',
  've',
  'da',
  'gu',
  'hi',
  'zo',
  'be',
  'fa',
  'ju',
  'wi',
  'xe',
  'yo',
  'cu',
];
export const VOCABULARY_SIZE = 8_000;
const ZIPF_EXPONENT = 1;

/** Mulberry32: a small seeded generator, so every run searches the same posts. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function vocabulary(): string[] {
  const words: string[] = [];
  const n = SYLLABLES.length;
  for (let i = 0; words.length < VOCABULARY_SIZE; i += 1) {
    const parts = [SYLLABLES[i % n], SYLLABLES[Math.floor(i / n) % n]];
    if (i >= n * n) parts.push(SYLLABLES[Math.floor(i / (n * n)) % n]);
    words.push(parts.join(''));
  }
  return words;
}

/** Draws word ranks with probability proportional to 1 / rank^s. */
export function zipfSampler(random: () => number, size = VOCABULARY_SIZE): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= size; rank += 1) {
    total += 1 / rank ** ZIPF_EXPONENT;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
