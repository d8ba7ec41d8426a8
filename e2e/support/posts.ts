import type { Locator } from '@playwright/test';

/** The menu button of a post the reader wrote, where its Edit and Delete are. */
export function ownPostMenu(card: Locator): Locator {
  return card.getByRole('button', { name: 'More actions for your post' });
}

/** Opens an own post's menu and picks `action` in it. */
export async function chooseOwnPostAction(card: Locator, action: 'Edit' | 'Delete'): Promise<void> {
  await ownPostMenu(card).click();
  await card.getByRole('menuitem', { name: action }).click();
}
