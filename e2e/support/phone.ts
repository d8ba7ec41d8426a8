import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expectAccessible } from './a11y';
import { type Account, API_HEADERS, signUpByApi } from './accounts';
import { expect, visitorHeaders } from './test';

/** Someone else, who only acts through the API, from an address of their own. */
export async function otherPerson(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
): Promise<{ request: APIRequestContext; account: Account }> {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: visitorHeaders() });
  return { request, account: await signUpByApi(request) };
}

/** Writes a post through the API as the context's account; answers its id. */
export async function postByApi(
  request: APIRequestContext,
  data: { body: string; parentId?: string; images?: { id: string; alt: string }[] },
): Promise<string> {
  const response = await request.post('/api/v1/posts', { data, headers: API_HEADERS });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/**
 * Nothing wider than the screen: the document does not scroll sideways, and the layout viewport
 * is still the device's width (on a mobile viewport, content that overflows would otherwise widen
 * the layout viewport itself, and `innerWidth` with it).
 */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const measured = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // Soft: the flow goes on, so one run names every page that overflows.
  expect
    .soft(measured, `horizontal overflow on ${page.url()}`)
    .toEqual({ scrollWidth: width, innerWidth: width });
}

/** Fields one types into (a range or a checkbox takes no text, and no zoom). */
const TEXT_FIELDS = [
  ...['text', 'email', 'password', 'search', 'url', 'tel', 'number'].map((type) => `input[type=${type}]`),
  'input:not([type])',
  'textarea',
  'select',
  '[contenteditable=true]',
].join(', ');

/** Below this font size, a phone's browser (Safari on iOS) zooms into a field that takes focus. */
const NO_ZOOM_FONT_PX = 16;

/** Every visible text field writes at 16 px or more: a phone would otherwise zoom in and stay zoomed. */
export async function expectFieldsWithoutZoom(page: Page): Promise<void> {
  const small = await page
    .locator(TEXT_FIELDS)
    .evaluateAll(
      (fields, minimum) =>
        fields
          .filter(
            (field) =>
              field.getClientRects().length > 0 && parseFloat(getComputedStyle(field).fontSize) < minimum,
          )
          .map((field) => `${field.outerHTML.slice(0, 80)} (${getComputedStyle(field).fontSize})`),
      NO_ZOOM_FONT_PX,
    );
  expect.soft(small, `fields a phone would zoom into on ${page.url()}`).toEqual([]);
}

/**
 * The page fits the screen, its fields take focus without zooming, and axe finds nothing serious,
 * in the light scheme and the dark one.
 */
export async function checkPage(page: Page): Promise<void> {
  await expectFieldsWithoutZoom(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The phone's bottom bar. */
export function bottomBar(page: Page) {
  return page.getByRole('navigation', { name: 'Primary' });
}

/** Opens the bottom bar's "Menu" disclosure and answers its panel. */
export async function openMenu(page: Page) {
  const menu = bottomBar(page).getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panelId = (await menu.getAttribute('aria-controls')) ?? '';
  expect(panelId).not.toBe('');
  const panel = page.locator(`[id="${panelId}"]`);
  await expect(panel).toBeVisible();
  return panel;
}

/** Fully on screen, and the element hit at its centre is itself (not something on top of it). */
export async function expectReachable(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport({ ratio: 1 });
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(onTop, 'something covers the control').toBe(true);
}

/** A mention as the editor writes it: the server notifies the account it names. */
export function mentionOf(handle: string): string {
  return `<a data-type="mention" data-id="${handle}" href="/@${handle}">@${handle}</a>`;
}
