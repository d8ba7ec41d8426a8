/**
 * The text of one element while the page streams by: nested elements' text included, capped.
 * Open and close tags are passed in so that a nested element of the same name (a `<span>` in a
 * `<span>`) does not end it early.
 */
export class ElementText {
  private depth = 1;
  private value = '';

  constructor(
    readonly tagName: string,
    private readonly maxChars: number,
  ) {}

  get text(): string {
    return this.value;
  }

  onOpenTag(name: string): void {
    if (name === this.tagName) this.depth += 1;
  }

  /** True once the element itself has closed. */
  onCloseTag(name: string): boolean {
    if (name === this.tagName) this.depth -= 1;
    return this.depth === 0;
  }

  onText(text: string): void {
    if (this.value.length < this.maxChars) this.value += text.slice(0, this.maxChars - this.value.length);
  }
}
