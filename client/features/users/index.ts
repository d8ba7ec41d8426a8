/** The users feature's public face: a profile's header and the people search for mentions. */
export { ProfileHeader } from './profile-header';
export { userSearchQuery } from './users.queries';
