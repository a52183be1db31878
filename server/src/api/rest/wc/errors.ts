import type { ErrorCode } from '../../../errors/codes.js';
import { DomainError } from '../../../errors/domain-error.js';

/**
 * WooCommerce's names for our domain codes: the store REST API answers with these in `code` (clients of
 * WooCommerce know them) and gives the domain code in `data.code` (docs/decisions/0010-error-model.md).
 */
const WOOCOMMERCE_CODES: Partial<Record<ErrorCode, string>> = {
  INVALID_INPUT: 'rest_invalid_param',
  API_KEY_REJECTED: 'woocommerce_rest_authentication_error',
  PRODUCT_NOT_FOUND: 'woocommerce_rest_product_invalid_id',
  PRODUCT_UPDATE_INVALID: 'woocommerce_rest_product_invalid',
  CATEGORY_NOT_FOUND: 'woocommerce_rest_term_invalid',
  TAXONOMY_INVALID: 'rest_invalid_param',
  SLUG_TAKEN: 'term_exists',
  DELETE_NOT_FORCED: 'woocommerce_rest_trash_not_supported',
  DEFAULT_CATEGORY_UNDELETABLE: 'woocommerce_rest_cannot_delete',
  ATTRIBUTE_NOT_FOUND: 'woocommerce_rest_taxonomy_invalid',
  TERM_NOT_FOUND: 'woocommerce_rest_term_invalid',
  TAG_NOT_FOUND: 'woocommerce_rest_term_invalid',
  ALLERGEN_NOT_FOUND: 'woocommerce_rest_term_invalid',
  GLOBAL_ADDON_NOT_FOUND: 'woocommerce_product_add_ons_rest_invalid_id',
  ORDER_NOT_FOUND: 'woocommerce_rest_shop_order_invalid_id',
  ORDER_STATUS_CHANGE_INVALID: 'woocommerce_rest_invalid_order_status',
  CUSTOMER_NOT_FOUND: 'woocommerce_rest_invalid_id',
  CUSTOMER_EMAIL_TAKEN: 'registration-error-email-exists',
  REVIEW_NOT_FOUND: 'woocommerce_rest_review_invalid_id',
  ORDER_ACTION_REFUSED: 'woocommerce_rest_cannot_delete',
  TIME_SLOT_NOT_FOUND: 'woocommerce_rest_time_slot_invalid_id',
  MESSAGE_NOT_FOUND: 'woocommerce_rest_message_invalid_id',
  MEDIA_FILE_INVALID: 'rest_upload_sideload_error',
  MEDIA_NOT_FOUND: 'rest_post_invalid_id',
  COUPON_NOT_FOUND: 'woocommerce_rest_shop_coupon_invalid_id',
  COUPON_EXISTS: 'woocommerce_rest_coupon_code_already_exists',
  COUPON_DEFINITION_INVALID: 'rest_invalid_param',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The WooCommerce `code` of a domain error; a request without credentials is "cannot view" or "cannot edit". */
export function woocommerceCodeOf(error: DomainError, method: string): string {
  if (error.code === 'API_KEY_REQUIRED') return READ_METHODS.has(method) ? 'woocommerce_rest_cannot_view' : 'woocommerce_rest_cannot_edit';
  return WOOCOMMERCE_CODES[error.code] ?? error.code;
}

export const authError = (message: string) => new DomainError('API_KEY_REJECTED', message);
