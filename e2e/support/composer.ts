import { expect, type Locator, type Page } from '@playwright/test';

/** The rich-text editor's editable element (the stand-in textarea before it loads has the same name). */
export function editorOf(scope: Page | Locator, label: string): Locator {
  return scope.locator(`[contenteditable="true"][aria-label="${label}"]`);
}

/** Focuses a composer, which loads the editor chunk, and waits until the editor has the focus. */
export async function openComposer(page: Page, label = 'Write a post'): Promise<Locator> {
  await page.getByLabel(label, { exact: true }).first().click();
  const editor = editorOf(page, label);
  await expect(editor).toBeFocused();
  return editor;
}

/** Writes plain text in a composer and posts it with Ctrl+Enter. */
export async function publish(page: Page, text: string, label = 'Write a post'): Promise<void> {
  const editor = await openComposer(page, label);
  await editor.fill(text);
  await editor.press('Control+Enter');
  await expect(editor).toHaveText('');
}
