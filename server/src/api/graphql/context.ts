import type { Lang } from '../../modules/i18n/locale.js';
import type { CatalogSnapshot } from '../../modules/catalog/snapshot.js';
import type { Config } from '../../config.js';

export interface GraphQLContext {
  lang: Lang;
  catalog: CatalogSnapshot;
  config: Config;
}
