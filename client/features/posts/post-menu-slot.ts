import type { ComponentType } from 'react';
import type { Post } from '../../../common/contracts/posts';

/**
 * The "more actions" menu each post shows a signed-in reader. Its actions (mute, block, report,
 * remove) belong to the safety feature, which depends on posts to drop hidden posts from the
 * cache; posts cannot import it back, so the page hands the menu in.
 */
export type PostMenuSlot = ComponentType<{ post: Post; isMine: boolean }>;
