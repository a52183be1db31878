/**
 * The store REST API's shapes the dashboard uses: products and variations from `@bakje/contract`
 * (contract/src/catalog.ts); categories as `/products/categories` answers.
 */
export type { BatchRequest, BatchResponse, WcAddon, WcError, WcImage, WcProduct, WcProductType, WcStockStatus, WcVariation } from '@bakje/contract';

export interface WcCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  menu_order: number;
  count: number;
}
