/** The follows feature's public face: what other features may use of it. */
export type { FollowRelationship, FollowsService } from './follows.service';
