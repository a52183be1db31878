/** The cart's messages, shown as they are (docs/product.md §8 texts where they exist); thrown as DomainErrors. */
export const MAX_QUANTITY_REACHED = 'You have reached the maximum allowed quantity for this product.';
export const FIELD_REQUIRED = 'Field is required';
export const INVALID_ADDON = 'This add-on choice does not belong to the product.';
export const OUT_OF_STOCK = 'This product is out of stock and cannot be added to the cart.';
export const NOT_ENOUGH_STOCK = 'There is not enough stock of this product for that quantity.';
export const NOT_PURCHASABLE = 'This product cannot be ordered.';
export const CHOOSE_VARIATION = 'Please choose the product options before adding it to the cart.';
export const CART_FULL = 'Your cart can hold at most 100 lines.';
export const BAD_QUANTITY = 'The quantity must be a whole number from 1 to 999.';
export const UNKNOWN_LINE = 'This item is no longer in your cart.';
export const UNKNOWN_SHIPPING_METHOD = 'This fulfilment method does not exist.';
export const DELIVERY_UNAVAILABLE = 'Delivery is not available at the moment.';
