import type { Queryable } from "../../db/pool";

// The selected orders as shipping reads them (batch labels, packing slips, pick lists): the
// shipping address, whether the order is canceled or already shipped, and each line's units still
// to ship. Only the orders of the store; numbers it does not have are simply absent.

export type OrderToShipLine = { lineId: string; sku: string; title: string; variantTitle: string | null; quantity: number; toShip: number };
export type OrderToShip = {
  id: string;
  orderNumber: number;
  name: string;
  email: string | null;
  address1: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  countryCode: string | null;
  note: string | null;
  canceled: boolean;
  fulfilled: boolean;
  placedAt: Date;
  lines: OrderToShipLine[];
};

export async function ordersToShip(db: Queryable, storeId: string, orderNumbers: number[]): Promise<OrderToShip[]> {
  const { rows } = await db.query<Omit<OrderToShip, "lines"> & { lines: OrderToShipLine[] }>(
    `SELECT o.id, o.order_number AS "orderNumber", COALESCE(NULLIF(o.shipping_name, ''), c.name, o.email, 'Customer') AS name, o.email::text AS email,
            o.shipping_address1 AS address1, o.shipping_city AS city, o.shipping_region AS region, o.shipping_postal_code AS "postalCode",
            o.shipping_country_code AS "countryCode", o.note, o.cancellation_state = 'CANCELED' AS canceled, o.fulfillment_state = 'FULFILLED' AS fulfilled,
            o.placed_at AS "placedAt",
            COALESCE((SELECT json_agg(json_build_object('lineId', li.id, 'sku', li.sku, 'title', li.title, 'variantTitle', li.variant_title, 'quantity', li.quantity,
                                                        'toShip', li.quantity - li.fulfilled_quantity) ORDER BY li.position)
                        FROM order_line_items li WHERE li.order_id = o.id), '[]'::json) AS lines
       FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
      WHERE o.store_id = $1 AND o.order_number = ANY($2::int[])
      ORDER BY o.order_number`,
    [storeId, orderNumbers],
  );
  return rows;
}
