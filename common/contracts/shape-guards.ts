/**
 * Tiny run-time checks for data the browser receives outside the API (live events), written by
 * hand instead of with zod: the signed-in feed loads without zod, and the build puts every zod
 * module in one chunk, so one schema here would add all of zod to that first load. A guard
 * checks a value and, when it passes, narrows it to the type: no cast from `unknown`.
 */
export type Guard<T> = (value: unknown) => value is T;

/** The type a guard checks for. */
export type Guarded<G> = G extends Guard<infer T> ? T : never;

export const isString: Guard<string> = (value): value is string => typeof value === 'string';

export const isFiniteNumber: Guard<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

export function literal<const L extends string | number | boolean>(expected: L): Guard<L> {
  return (value): value is L => value === expected;
}

export function oneOf<const L extends readonly string[]>(...values: L): Guard<L[number]> {
  return (value): value is L[number] => values.some((allowed) => allowed === value);
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value): value is T | undefined => value === undefined || guard(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

type Shape = Record<string, Guard<unknown>>;
type ObjectOf<S extends Shape> = { [K in keyof S]: Guarded<S[K]> };

/** An object with at least these fields (others are allowed and left alone). */
export function object<S extends Shape>(shape: S): Guard<ObjectOf<S>> {
  const fields = Object.entries(shape);
  return (value): value is ObjectOf<S> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    // Reading fields by name needs an index signature; each field is checked before it is trusted.
    const record = value as Record<string, unknown>;
    return fields.every(([key, guard]) => guard(record[key]));
  };
}

/** A value any one of the guards accepts (the members of a tagged union, each with its tag). */
export function anyOf<const G extends readonly Guard<unknown>[]>(...guards: G): Guard<Guarded<G[number]>> {
  return (value): value is Guarded<G[number]> => guards.some((guard) => guard(value));
}
