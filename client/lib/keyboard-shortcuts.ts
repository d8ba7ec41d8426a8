/** Fields where a key press is text: inputs, text areas, selects and the rich-text editor. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A single-key shortcut applies only to a plain key press meant for the page: no Ctrl, Alt or
 * Meta (Shift is how `?` is typed), nothing being typed or composed, not handled already, and no
 * modal dialog open over the page.
 */
export function isPageShortcut(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.defaultPrevented)
    return false;
  if (isTypingTarget(event.target)) return false;
  return document.querySelector('dialog[open]') === null;
}
