/** The search feature's public face. */
export type { SearchService } from './search.service';
