import type { Catalog } from '../compiled-message';
import { catalogsByNamespace } from '../catalogs-by-namespace';

/** Every German catalogue, one chunk loaded when the language is chosen. */
export default catalogsByNamespace(
  import.meta.glob<Catalog>('../messages/de/*.json', { eager: true, import: 'default' }),
);
