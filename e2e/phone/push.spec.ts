import { API_HEADERS, signUpByApi } from '../support/accounts';
import { checkPage, openMenu } from '../support/phone';
import { turnOnPushForThisDevice } from '../support/push';
import { expect, test } from '../support/test';

// Notifications on a phone: the settings section at phone widths, and a log-out that takes the
// phone's notifications with it (e2e/push.spec.ts has the push itself).
test.use({ serviceWorkers: 'allow' });

test('turned on in settings on a phone, and off again by logging out', async ({ page, context }) => {
  const account = await signUpByApi(page.request);
  const pushService = await turnOnPushForThisDevice(page, context);
  try {
    await expect(page.getByRole('group', { name: 'Notify my devices when' })).toBeVisible();
    await checkPage(page);

    await (await openMenu(page)).getByRole('button', { name: 'Log out' }).tap();
    await expect(page).toHaveURL(/\/login$/);
    const logIn = await page.request.post('/api/v1/auth/login', {
      headers: API_HEADERS,
      data: { login: account.email, password: account.password },
    });
    expect(logIn.status(), await logIn.text()).toBe(200);
    await page.goto('/settings#push-notifications');
    await expect(page.getByRole('button', { name: 'Turn on for this device' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Devices with notifications' })).toHaveCount(0);
    const stillSubscribed = await page.evaluate(async () =>
      Boolean(await (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    );
    expect(stillSubscribed).toBe(false);
  } finally {
    await pushService.close();
  }
});
