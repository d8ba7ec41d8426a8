import { MAX_JSON_LD_DEPTH, MAX_JSON_LD_NODES } from './limits';

/**
 * Fallbacks read from a page's JSON-LD (schema.org): `publisher.name` when the page has no
 * og:site_name, `image` when it has no og/twitter image. Unparsable blocks are skipped:
 * JSON-LD in the wild is often broken.
 */

type JsonObject = Record<string, unknown>;

export interface JsonLdFacts {
  publisherName: string | null;
  image: string | null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

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

function parseBlock(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `publisher` may be a name, an object, a list, or a reference (`{"@id"}`) into the graph. */
function nameOf(publisher: unknown, byId: Map<string, JsonObject>): string | null {
  const candidates: unknown[] = Array.isArray(publisher) ? publisher : [publisher];
  for (const candidate of candidates) {
    if (!isObject(candidate)) {
      if (nonBlank(candidate) !== null) return nonBlank(candidate);
      continue;
    }
    const reference = nonBlank(candidate['@id']);
    const node = reference !== null && candidate.name === undefined ? byId.get(reference) : candidate;
    const name = nonBlank(node?.name);
    if (name !== null) return name;
  }
  return null;
}

function imageOf(value: unknown): string | null {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (isObject(first)) return nonBlank(first.url) ?? nonBlank(first.contentUrl);
  return nonBlank(first);
}

function firstPublisherName(nodes: readonly JsonObject[]): string | null {
  const byId = new Map<string, JsonObject>();
  for (const node of nodes) {
    const id = nonBlank(node['@id']);
    if (id !== null) byId.set(id, node);
  }
  for (const node of nodes) {
    const name = node.publisher === undefined ? null : nameOf(node.publisher, byId);
    if (name !== null) return name;
  }
  return null;
}

/** Facts from one `<script type="application/ld+json">` block. */
export function readJsonLd(block: string): JsonLdFacts {
  const nodes: JsonObject[] = [];
  collectNodes(parseBlock(block), nodes, 0);
  const image = nodes.map((node) => imageOf(node.image)).find((url) => url !== null) ?? null;
  return { publisherName: firstPublisherName(nodes), image };
}
