import { expect, test } from './support/test';

// Without its own file, /robots.txt was answered with the app's HTML, which crawlers (and
// Lighthouse's SEO audit) read as an invalid robots.txt.
test('robots.txt is a plain-text file that keeps crawlers out of the API only', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = (await response.text())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  expect(rules).toEqual(['User-agent: *', 'Disallow: /api/']);
});
