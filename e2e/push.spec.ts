import {
  clickShownNotification,
  deliverToServiceWorker,
  replyFromSomeoneElse,
  shownNotifications,
  turnOnPushForThisDevice,
} from './support/push';
import { signUpByApi } from './support/accounts';
import { waitForServiceWorker } from './support/offline';
import { expect, test } from './support/test';

// Push notifications end to end: turned on in Settings, pushed by the server to a push service
// stand-in that checks and decrypts it, shown by the real service worker, opened by a click.
test.use({ serviceWorkers: 'allow' });

test('a reply reaches this device as a notification, and a click on it opens the post', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await signUpByApi(page.request);
  const pushService = await turnOnPushForThisDevice(page, context);
  try {
    const { postId, replier } = await replyFromSomeoneElse(page, playwright, baseURL);
    const [push] = await pushService.waitForReceived(1);
    const payload = push?.payload ?? '';
    expect(JSON.parse(payload)).toMatchObject({
      title: `${replier} replied to your post`,
      url: `/p/${postId}`,
    });

    await deliverToServiceWorker(page, context, payload);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: `${replier} replied to your post`,
          body: 'The coast road, before the wind picks up.',
          url: `/p/${postId}`,
        },
      ]);

    await page.goto('/');
    await clickShownNotification(context);
    await expect(page).toHaveURL(new RegExp(`/p/${postId}$`));
    await expect(page.getByText('The coast road, before the wind picks up.')).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  } finally {
    await pushService.close();
  }
});

test('a kind turned off is not pushed; turning this device off ends its subscription', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await signUpByApi(page.request);
  const pushService = await turnOnPushForThisDevice(page, context);
  try {
    const replies = page
      .getByRole('group', { name: 'Notify my devices when' })
      .getByRole('checkbox', { name: 'Someone replies to my posts' });
    await replies.uncheck();
    await expect(page.getByText('Saved.')).toBeVisible();
    const unpushed = await replyFromSomeoneElse(page, playwright, baseURL);
    await replies.check();
    await expect(page.getByText('Saved.')).toBeVisible();
    const pushed = await replyFromSomeoneElse(page, playwright, baseURL);
    // Pushes go out in order: the second reply's arriving alone means the first was never sent.
    const [push] = await pushService.waitForReceived(1);
    expect(JSON.parse(push?.payload ?? '')).toMatchObject({ url: `/p/${pushed.postId}` });
    expect(pushService.received).toHaveLength(1);
    expect(unpushed.postId).not.toBe(pushed.postId);

    await page.getByRole('button', { name: /^Turn off / }).click();
    await expect(page.getByRole('list', { name: 'Devices with notifications' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
    const stillSubscribed = await page.evaluate(async () =>
      Boolean(await (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    );
    expect(stillSubscribed).toBe(false);
  } finally {
    await pushService.close();
  }
});

test('a push the app cannot read still shows a notification, which opens the notifications page', async ({
  page,
  context,
}) => {
  await signUpByApi(page.request);
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await waitForServiceWorker(page);
  await deliverToServiceWorker(page, context, 'not a payload of ours');
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: 'New notifications', body: '', url: '/notifications' }]);
  await clickShownNotification(context);
  await expect(page).toHaveURL(/\/notifications$/);
});
