import { decodeCharacterReferences } from './html-entities';
import { MAX_JSON_LD_DEPTH, MAX_JSON_LD_NODES } from './limits';

/**
 * Facts read from a page's JSON-LD (schema.org) blocks, the way metascraper reads them: the
 * items of a block are its top-level objects (or the entries of its `@graph`), and a fact is the
 * first item that has it. `publisher.name` is the page's site name; `image` a fallback picture;
 * `name`, `headline` and `description` are read by site rules only. JSON-LD in the wild is
 * often broken: a block is repaired once (empty values) and otherwise skipped.
 */

type JsonObject = Record<string, unknown>;

export interface JsonLdFacts {
  /** `publisher.name` as written in an item. */
  publisherName: string | null;
  /** The name of a publisher referenced by `@id` (Yoast-style graphs: the site-wide Organization). */
  linkedPublisherName: string | null;
  image: string | null;
  name: string | null;
  headline: string | null;
  description: string | null;
}

export const NO_JSON_LD_FACTS: Readonly<JsonLdFacts> = {
  publisherName: null,
  linkedPublisherName: null,
  image: null,
  name: null,
  headline: null,
  description: null,
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strings are HTML-escaped more often than not (`&apos;`), as metascraper assumes too. */
function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? decodeCharacterReferences(value) : null;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * `"width": ,` or `"height": }`: a template printed nothing for a missing value, which breaks
 * the whole block (wsj.com). Outside strings, an empty value is read as null.
 */
function fillEmptyValues(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  let afterColon = false;
  for (const char of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
    } else if (!/\s/.test(char)) {
      if (afterColon && (char === ',' || char === '}')) out += 'null';
      afterColon = char === ':';
      inString = char === '"';
    }
    out += char;
  }
  return out;
}

function parseBlock(text: string): unknown {
  return tryParse(text) ?? tryParse(fillEmptyValues(text));
}

/** Every object of the block, nested ones too, so that `{"@id"}` references can be resolved. */
function collectNodes(value: unknown, nodes: JsonObject[], depth: number): void {
  if (depth > MAX_JSON_LD_DEPTH || nodes.length >= MAX_JSON_LD_NODES) return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, nodes, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  nodes.push(value);
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) collectNodes(child, nodes, depth + 1);
  }
}

/** A block is an object, a list of objects, or an object whose `@graph` lists them. */
function topLevelItems(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.filter(isObject).slice(0, MAX_JSON_LD_NODES);
  if (!isObject(value)) return [];
  const graph = value['@graph'];
  if (!Array.isArray(graph)) return [value];
  return graph.filter(isObject).slice(0, MAX_JSON_LD_NODES);
}

/** A publisher named where it is used: a name, an object with a name, or a list of those. */
function inlineName(publisher: unknown): string | null {
  const candidates: unknown[] = Array.isArray(publisher) ? publisher : [publisher];
  for (const candidate of candidates) {
    const name = isObject(candidate) ? nonBlank(candidate.name) : nonBlank(candidate);
    if (name !== null) return name;
  }
  return null;
}

/** A publisher given as a reference (`{"@id"}`) to another node of the block. */
function linkedName(publisher: unknown, byId: ReadonlyMap<string, JsonObject>): string | null {
  const candidates: unknown[] = Array.isArray(publisher) ? publisher : [publisher];
  for (const candidate of candidates) {
    const reference = isObject(candidate) ? nonBlank(candidate['@id']) : null;
    const name = reference === null ? null : nonBlank(byId.get(reference)?.name);
    if (name !== null) return name;
  }
  return null;
}

function imageOf(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (isObject(first)) return nonBlank(first.url) ?? nonBlank(first.contentUrl);
  return nonBlank(first);
}

function firstOf(items: readonly JsonObject[], read: (item: JsonObject) => string | null): string | null {
  for (const item of items) {
    const value = read(item);
    if (value !== null) return value;
  }
  return null;
}

/** Facts from one `<script type="application/ld+json">` block. */
export function readJsonLd(block: string): JsonLdFacts {
  const parsed = parseBlock(block);
  const nodes: JsonObject[] = [];
  collectNodes(parsed, nodes, 0);
  const byId = new Map<string, JsonObject>();
  for (const node of nodes) {
    const id = nonBlank(node['@id']);
    // A bare `{"@id"}` is a reference, not the node it names.
    if (id !== null && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node);
  }
  const items = topLevelItems(parsed);
  return {
    publisherName: firstOf(items, (item) => inlineName(item.publisher)),
    linkedPublisherName: firstOf(items, (item) => linkedName(item.publisher, byId)),
    image: firstOf(items, (item) => imageOf(item.image)),
    name: firstOf(items, (item) => nonBlank(item.name)),
    headline: firstOf(items, (item) => nonBlank(item.headline)),
    description: firstOf(items, (item) => nonBlank(item.description)),
  };
}

/** Facts of several blocks in document order: the first block that has a fact gives it. */
export function mergeJsonLd(into: JsonLdFacts, next: Readonly<JsonLdFacts>): void {
  into.publisherName ??= next.publisherName;
  into.linkedPublisherName ??= next.linkedPublisherName;
  into.image ??= next.image;
  into.name ??= next.name;
  into.headline ??= next.headline;
  into.description ??= next.description;
}
