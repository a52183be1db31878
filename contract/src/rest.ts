/** The body of every refused REST call (WooCommerce's error shape, docs/interfaces.md §2). */
export interface RestErrorBody {
  code: string;
  message: string;
  /** Set for an incomplete delivery address ("Incomplete address"). */
  title?: string;
  /** `fields`: a 400's fields the server names ({field: "kitchenPrinter", message}), when it names them. */
  data: { status: number; fields?: { field: string; message: string }[] };
}

/** GET /api/calculate-distance?address_1&city&postcode: the delivery check (docs/product.md §5). */
export interface DistanceAnswer {
  distance: number;
  unit: 'km';
  maximum_distance: number;
  within_range: boolean;
  /** Why the address is too far, null when within range. */
  message: string | null;
  /** The delivery zone of the postcode (served whatever the distance), else null. */
  zone?: string | null;
  /** The minimum order and fee for this address (its zone's, else the distance rule's), euros as "15.00". */
  minimum_order?: string;
  fee?: string;
}
