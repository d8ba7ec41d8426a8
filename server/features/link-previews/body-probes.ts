import { ElementText } from './element-text';
import { MAX_BODY_TEXT_CHARS } from './limits';

/**
 * Body elements a site rule asks for (Amazon's `#productTitle`…): the first element matching
 * each probe gives an attribute or its text. Until every probe has met its element the reader
 * keeps going, bounded by the fetcher's cap, so only the pages of that site pay for it.
 */

export interface BodyProbe {
  /** Key of the value in `PageTags.probes`. */
  key: string;
  /** The element's `id`… */
  id?: string;
  /** …or one of its class names. */
  className?: string;
  /** Attributes to read, the first non-blank wins; without any, the element's text. */
  attributes?: readonly string[];
}

type Attributes = Record<string, string>;

function matches(probe: BodyProbe, attribs: Attributes): boolean {
  if (probe.id !== undefined) return attribs.id === probe.id;
  if (probe.className === undefined) return false;
  return (attribs.class ?? '').split(/\s+/).includes(probe.className);
}

export class ProbeSet {
  private pending: BodyProbe[];
  private readonly texts: { key: string; text: ElementText }[] = [];

  constructor(
    probes: readonly BodyProbe[],
    private readonly values: Map<string, string>,
  ) {
    this.pending = [...probes];
  }

  get done(): boolean {
    return this.pending.length === 0 && this.texts.length === 0;
  }

  onOpenTag(name: string, attribs: Attributes): void {
    for (const { text } of this.texts) text.onOpenTag(name);
    const met = this.pending.filter((probe) => matches(probe, attribs));
    if (met.length === 0) return;
    this.pending = this.pending.filter((probe) => !met.includes(probe));
    for (const probe of met) {
      if (probe.attributes === undefined) {
        this.texts.push({ key: probe.key, text: new ElementText(name, MAX_BODY_TEXT_CHARS) });
        continue;
      }
      const value = probe.attributes.map((attribute) => attribs[attribute]).find((v) => v?.trim());
      if (value !== undefined) this.values.set(probe.key, value);
    }
  }

  onText(text: string): void {
    for (const capture of this.texts) capture.text.onText(text);
  }

  onCloseTag(name: string): void {
    for (const capture of [...this.texts]) {
      if (!capture.text.onCloseTag(name)) continue;
      this.texts.splice(this.texts.indexOf(capture), 1);
      if (capture.text.text.trim() !== '') this.values.set(capture.key, capture.text.text);
    }
  }
}
