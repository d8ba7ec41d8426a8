import { z } from 'zod';
import { HANDLE_MAX_LENGTH } from './auth';

export const handleParamSchema = z.object({
  handle: z
    .string()
    .max(HANDLE_MAX_LENGTH + 1)
    .transform((handle) => handle.replace(/^@/, '')),
});

export interface PublicProfile {
  id: string;
  handle: string;
  displayName: string;
  createdAt: string;
}

export interface ProfileResponse {
  user: PublicProfile;
}

/** Handles suggested at once while typing an @mention. */
export const HANDLE_SUGGESTIONS_LIMIT = 8;

export const userSearchQuerySchema = z.object({
  prefix: z
    .string()
    .max(HANDLE_MAX_LENGTH + 1)
    .transform((prefix) => prefix.replace(/^@/, '')),
});

export interface UserSearchResponse {
  users: PublicProfile[];
}
