import type { Lang } from '../../modules/i18n/locale.js';
import type { CatalogSnapshot } from '../../modules/catalog/snapshot.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CartService } from '../../modules/cart/cart-service.js';
import type { CheckoutService } from '../../modules/checkout/checkout-service.js';
import type { RequestSession } from './session.js';

export interface Services {
  db: Db;
  carts: CartService;
  checkout: CheckoutService;
  clock: () => Date;
}

export interface GraphQLContext {
  lang: Lang;
  catalog: CatalogSnapshot;
  config: Config;
  session: RequestSession;
  services: Services;
}
