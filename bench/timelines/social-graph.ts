/**
 * The made-up instance the Home bench reads: who follows whom, and how much each account posts.
 * Pure and seeded, so every run (and both database engines) gets the same graph.
 */

export const ACCOUNTS = 10_000;
/** The most followed accounts, each followed by about TOP_FOLLOWERS others. */
export const TOP_ACCOUNTS = 5;
export const TOP_FOLLOWERS = 5_000;
/** Follower counts below the top fall off as a power law with this median… */
const MEDIAN_FOLLOWERS = 50;
/** …and this exponent: rank 5 has about 1,000 followers, the least followed about 37. */
const FOLLOWER_EXPONENT = 0.45;
/**
 * How unevenly readers follow: each reader's appetite is log-normal with this spread, so most
 * follow a few dozen accounts, some a handful, a few over a thousand.
 */
const APPETITE_SIGMA = 1.2;
const GRAPH_SEED = 20_261_201;

/**
 * Posts come in tiers, each written round-robin by the `authors` most followed accounts and
 * spread evenly over the whole time span: popular accounts post far more (rank 0–9 write about
 * 12,000 posts each, rank 1,000 and beyond 40).
 */
export const POST_TIERS: readonly { authors: number; posts: number }[] = [
  { authors: ACCOUNTS, posts: 400_000 },
  { authors: 1_000, posts: 300_000 },
  { authors: 100, posts: 200_000 },
  { authors: 10, posts: 100_000 },
];
export const TOTAL_POSTS = POST_TIERS.reduce((sum, tier) => sum + tier.posts, 0);

/** A small seeded generator (mulberry32): the same graph on every run. */
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

/** The number of followers account `rank` is meant to have (rank 0 is the most followed). */
export function targetFollowers(rank: number): number {
  if (rank < TOP_ACCOUNTS) return TOP_FOLLOWERS;
  return MEDIAN_FOLLOWERS * (ACCOUNTS / 2 / (rank + 1)) ** FOLLOWER_EXPONENT;
}

/** Each reader's appetite for following, mean 1. */
function appetites(random: () => number): Float64Array {
  const weights = new Float64Array(ACCOUNTS);
  let sum = 0;
  for (let u = 0; u < ACCOUNTS; u += 1) {
    // Box–Muller: a standard normal from two uniforms.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    weights[u] = Math.exp(APPETITE_SIGMA * normal);
    sum += weights[u] ?? 0;
  }
  for (let u = 0; u < ACCOUNTS; u += 1) weights[u] = ((weights[u] ?? 0) * ACCOUNTS) / sum;
  return weights;
}

/**
 * The scale that gives account `rank` its target follower count in expectation when reader u
 * follows it with probability min(1, scale × appetite(u)): heavy readers follow every popular
 * account, so the plain product would fall short for the top ones.
 */
function followScale(target: number, weights: Float64Array, rank: number): number {
  const expected = (scale: number) => {
    let sum = 0;
    for (let u = 0; u < ACCOUNTS; u += 1) if (u !== rank) sum += Math.min(1, scale * (weights[u] ?? 0));
    return sum;
  };
  let low = target / ACCOUNTS;
  if (expected(low) >= target - 0.5) return low;
  let high = low;
  while (expected(high) < target) high *= 2;
  for (let step = 0; step < 40; step += 1) {
    const mid = (low + high) / 2;
    if (expected(mid) < target) low = mid;
    else high = mid;
  }
  return high;
}

export interface SocialGraph {
  /** follower rank → the ranks it follows. */
  following: number[][];
  /** rank → how many follow it. */
  followers: Int32Array;
}

/**
 * Follows in the Chung–Lu way: reader u follows account r with probability proportional to r's
 * target follower count times u's appetite, so follower counts follow the power law above and
 * following counts are spread from none to over a thousand.
 */
export function buildSocialGraph(): SocialGraph {
  const random = seededRandom(GRAPH_SEED);
  const weights = appetites(random);
  const following: number[][] = Array.from({ length: ACCOUNTS }, () => []);
  const followers = new Int32Array(ACCOUNTS);
  for (let rank = 0; rank < ACCOUNTS; rank += 1) {
    const scale = followScale(targetFollowers(rank), weights, rank);
    for (let u = 0; u < ACCOUNTS; u += 1) {
      if (u === rank || random() >= scale * (weights[u] ?? 0)) continue;
      following[u]?.push(rank);
      followers[rank] = (followers[rank] ?? 0) + 1;
    }
  }
  return { following, followers };
}

/** The value at quantile q (0–1) of already sorted numbers. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
