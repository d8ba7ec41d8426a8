import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Db } from '../../platform/db/database';
import type { ObjectStorage } from '../../platform/storage/object-storage';
import { createUsersRepository } from '../users';
import { createAccountDataRepository } from './account-data.repository';
import {
  avatarFile,
  type ExportedProfile,
  exportedPost,
  iso,
  jsonArray,
  mapAsync,
  mediaFileOfUpload,
} from './archive-files';
import { postArticle, postsPageEnd, postsPageStart } from './posts-page';

export interface ArchiveSources {
  db: Db;
  storage: ObjectStorage;
  publicUrl: string;
  instanceName: string;
}

/** The account was deleted while its archive was being made: there is nothing left to make. */
export class AccountGoneError extends Error {
  constructor() {
    super('the account no longer exists');
    this.name = 'AccountGoneError';
  }
}

export const README_TEXT = (instanceName: string) =>
  [
    `Your data on ${instanceName}`,
    '',
    'profile.json    your handle, display name, bio, e-mail address, when you joined, your picture',
    'posts.json      every post and reply you wrote: text, HTML, dates, images, link card',
    'posts.html      the same posts as a page to read in a browser',
    'likes.json      the posts you liked: id, address, when',
    'bookmarks.json  the posts you bookmarked: id, address, when',
    'reposts.json    the posts you reposted: id, address, when',
    'following.json  the accounts and hashtags you follow: handle or tag, address, since when',
    'media/          your pictures and the images you uploaded, the largest size kept',
    '',
  ].join('\n');

/** Text handed to the ZIP in pieces of about this size: one per post would cost a stream write each. */
const TEXT_CHUNK_BYTES = 64 * 1024;

const bytesOf = async function* (chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.length;
    if (length >= TEXT_CHUNK_BYTES) {
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
};

/**
 * Writes one account's archive (a ZIP) to `key`, streaming all the way: posts, likes and uploads
 * are read a page at a time, each file is read from storage as it goes into the ZIP, and the ZIP
 * goes into storage as it is made. A failure anywhere leaves nothing under the key. Answers the
 * archive's size and the account's handle.
 */
export async function buildArchive(
  sources: ArchiveSources,
  userId: string,
  key: string,
  at: number,
): Promise<{ sizeBytes: number; handle: string }> {
  const { db, storage, publicUrl, instanceName } = sources;
  const user = await createUsersRepository(db).findById(userId);
  if (!user) throw new AccountGoneError();
  const profile: ExportedProfile = {
    handle: user.handle,
    displayName: user.display_name,
    bio: user.bio,
    email: user.email,
    createdAt: iso(user.created_at) ?? '',
    avatar: avatarFile(user.avatar_json)?.path ?? null,
  };
  const data = createAccountDataRepository(db);
  const date = new Date(at);

  // Media files are stored as they are: they are compressed formats already.
  const archive = archiver('zip', { zlib: { level: 6 } });
  const written = storage.putStream(key, archive, 'application/zip');
  // Observed now, so a failed write is never an unhandled rejection while entries are added.
  const writeEnded = written.then(
    () => new Error('the archive was closed before every file was in it'),
    (err: unknown) => err,
  );

  /** Adds one file and waits until it is in the ZIP, so only one source is open at a time. */
  async function add(source: Readable | string, name: string, store = false): Promise<void> {
    const added = new Promise<void>((resolve, reject) => {
      const onEntry = () => {
        stopListening();
        resolve();
      };
      const onError = (err: unknown) => {
        stopListening();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const stopListening = () => {
        archive.off('entry', onEntry);
        archive.off('error', onError);
        if (typeof source !== 'string') source.off('error', onError);
      };
      archive.on('entry', onEntry);
      archive.on('error', onError);
      if (typeof source !== 'string') source.on('error', onError);
    });
    archive.append(source, { name, date, store });
    await Promise.race([
      added,
      writeEnded.then((err) => {
        throw err;
      }),
    ]);
  }

  try {
    await add(README_TEXT(instanceName), 'README.txt');
    await add(`${JSON.stringify(profile, null, 2)}\n`, 'profile.json');
    const posts = () => mapAsync(data.posts(userId), (row) => exportedPost(row, publicUrl));
    await add(Readable.from(bytesOf(jsonArray(posts()))), 'posts.json');
    await add(Readable.from(bytesOf(postsPage(profile, instanceName, posts()))), 'posts.html');
    const likes = mapAsync(data.likes(userId), (row) => ({
      postId: row.post_id,
      url: `${publicUrl}/p/${row.post_id}`,
      likedAt: iso(row.created_at),
    }));
    await add(Readable.from(bytesOf(jsonArray(likes))), 'likes.json');
    const bookmarks = mapAsync(data.bookmarks(userId), (row) => ({
      postId: row.post_id,
      url: `${publicUrl}/p/${row.post_id}`,
      bookmarkedAt: iso(row.created_at),
    }));
    await add(Readable.from(bytesOf(jsonArray(bookmarks))), 'bookmarks.json');
    const reposts = mapAsync(data.reposts(userId), (row) => ({
      postId: row.post_id,
      url: `${publicUrl}/p/${row.post_id}`,
      repostedAt: iso(row.created_at),
    }));
    await add(Readable.from(bytesOf(jsonArray(reposts))), 'reposts.json');
    // At most MAX_FOLLOWS_PER_USER accounts: held whole, to write one readable file.
    const accounts: { handle: string; url: string; since: string | null }[] = [];
    for await (const row of data.following(userId))
      accounts.push({ handle: row.handle, url: `${publicUrl}/@${row.handle}`, since: iso(row.created_at) });
    const following = {
      accounts,
      hashtags: (await data.followedTags(userId)).map((row) => ({
        tag: row.tag,
        url: `${publicUrl}/tags/${encodeURIComponent(row.tag)}`,
        since: iso(row.created_at),
      })),
    };
    await add(`${JSON.stringify(following, null, 2)}\n`, 'following.json');

    const added = new Set<string>();
    for await (const upload of data.media(userId)) {
      const file = mediaFileOfUpload(upload.image_json);
      // Identical uploads share their files.
      if (!file || added.has(file.path)) continue;
      const stored = await storage.open(file.key);
      if (!stored) throw new Error(`the file ${file.key} of upload ${upload.id} is missing from storage`);
      await add(stored.body, file.path, true);
      added.add(file.path);
    }
    await archive.finalize();
    return { sizeBytes: await written, handle: user.handle };
  } catch (err) {
    // Fails the write too, which then removes what it wrote.
    archive.abort();
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
    await written.catch(() => undefined);
    throw err;
  }
}

async function* postsPage(
  profile: ExportedProfile,
  instanceName: string,
  posts: AsyncIterable<ReturnType<typeof exportedPost>>,
): AsyncGenerator<string> {
  yield* postsPageStart(profile, instanceName);
  let count = 0;
  for await (const post of posts) {
    yield postArticle(post);
    count += 1;
  }
  yield postsPageEnd(count);
}
