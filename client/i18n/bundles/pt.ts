import type { Catalog } from '../compiled-message';
import { catalogsByNamespace } from '../catalogs-by-namespace';

/** Every Portuguese catalogue, one chunk loaded when the language is chosen. */
export default catalogsByNamespace(
  import.meta.glob<Catalog>('../messages/pt/*.json', { eager: true, import: 'default' }),
);
