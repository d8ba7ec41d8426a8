/**
 * The JSON text of a `T`, serialized where the value was made (a worker thread) and sent as it
 * is: handing a string across threads and to the socket costs far less than cloning the object
 * and serializing it again on the event loop.
 */
declare const serializedFrom: unique symbol;
export type SerializedJson<T> = string & { readonly [serializedFrom]: T };

export function serializeJson<T>(value: T): SerializedJson<T> {
  return JSON.stringify(value) as SerializedJson<T>;
}

export function parseSerializedJson<T>(json: SerializedJson<T>): T {
  return JSON.parse(json) as T;
}
