/**
 * A small deterministic random generator (a linear congruential one), so a test that draws
 * from it fails the same way every run and can be replayed from its seed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** `rounds` strings, each 1 to `maxPieces` pieces drawn at random and joined: fuzz inputs. */
export function* tokenSoups(
  pieces: readonly string[],
  { seed, rounds, maxPieces }: { seed: number; rounds: number; maxPieces: number },
): Generator<string> {
  const random = seededRandom(seed);
  for (let round = 0; round < rounds; round += 1) {
    let input = '';
    const length = 1 + Math.floor(random() * maxPieces);
    for (let i = 0; i < length; i += 1) input += pieces[Math.floor(random() * pieces.length)] ?? '';
    yield input;
  }
}
