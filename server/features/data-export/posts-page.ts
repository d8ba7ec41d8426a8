import { escapeUTF8 as e } from 'entities';
import type { ExportedPost, ExportedProfile } from './archive-files';

/**
 * posts.html: the account's posts as one page that opens from the unzipped folder, with no
 * request anywhere and no script. Every piece of text is escaped; only each post's HTML goes in
 * as it is, because it is stored sanitised, in the editor's schema (no script, no style, no
 * event attribute, links with rel and target forced), and is a fixed point of the sanitiser.
 * The policy below is a second layer should a stored body ever hold more.
 */
export function* postsPageStart(profile: ExportedProfile, instanceName: string): Generator<string> {
  const title = `${profile.displayName} (@${profile.handle}) on ${instanceName}`;
  yield [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    '<style>',
    'body{margin:0 auto;max-width:40rem;padding:1.5rem 1rem;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#fff;overflow-wrap:anywhere}',
    'article{border-top:1px solid #e2e8f0;padding:1rem 0}',
    'img{max-width:100%;height:auto;border-radius:.5rem}',
    '.meta,.card{font-size:.875rem;color:#475569}',
    '@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#0f172a}article{border-color:#1e293b}.meta,.card{color:#94a3b8}a{color:#93c5fd}}',
    '</style></head><body>',
    `<h1>${e(profile.displayName)}</h1>`,
    `<p class="meta">@${e(profile.handle)} · ${e(instanceName)} · joined ${e(profile.createdAt.slice(0, 10))}</p>`,
    ...(profile.bio ? [`<p>${e(profile.bio)}</p>`] : []),
    '',
  ].join('\n');
}

export function postArticle(post: ExportedPost): string {
  const edited = post.editedAt ? ` · edited ${e(post.editedAt)}` : '';
  const reply = post.inReplyTo ? ' · a reply' : '';
  const images = post.images
    .filter((image) => image.file !== null)
    .map(
      (image) =>
        `<p><img src="${e(image.file ?? '')}" alt="${e(image.alt)}" width="${image.width}" height="${image.height}"></p>`,
    );
  const card = post.linkCard
    ? [
        `<p class="card"><a href="${e(post.linkCard.url)}" rel="noopener noreferrer nofollow" target="_blank">${e(post.linkCard.title || post.linkCard.url)}</a> · ${e(post.linkCard.domain)}<br>${e(post.linkCard.description)}</p>`,
      ]
    : [];
  return [
    `<article id="post-${e(post.id)}">`,
    `<p class="meta"><a href="${e(post.url)}">${e(post.createdAt)}</a>${edited}${reply}</p>`,
    post.html,
    ...images,
    ...card,
    '</article>',
    '',
  ].join('\n');
}

export function postsPageEnd(postCount: number): string {
  return postCount === 0 ? '<p>No posts yet.</p>\n</body></html>\n' : '</body></html>\n';
}
