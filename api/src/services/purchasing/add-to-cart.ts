import crypto from "node:crypto";
import type { BodyOf, purchasing } from "@atelier/contracts";
import type pg from "pg";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { loadCart, type CartDto } from "./dto";

/** Puts NOT_PURCHASED order items into the store's cart invoice. */
export async function addToCart(ctx: UserContext, body: BodyOf<typeof purchasing.addToCart>): Promise<CartDto> {
  await withTransaction(ctx.pool, (tx) => putInCart(tx, ctx.auth.storeId, [...new Set(body.orderItemIds)]));
  return loadCart(ctx.pool, ctx.auth.storeId);
}

/** Inside the caller's transaction: moves the items into the cart and bills them on its invoice. */
export async function putInCart(tx: pg.PoolClient, storeId: string, orderItemIds: string[]): Promise<void> {
  const items = await q.getOrderItems(tx, storeId, orderItemIds);
  if (items.length !== orderItemIds.length) throw notFound("Order item");
  const cart = await q.ensureCartInvoice(tx, storeId, newInvoiceNumber());
  if (cart.status !== "OPEN") throw conflict("A payment for your cart is in progress. Wait for it to finish before adding items.");
  const moved = await q.moveOrderItems(tx, storeId, orderItemIds, ["NOT_PURCHASED"], "IN_SHOPPING_CART", { invoiceId: cart.id });
  const stuck = items.find((i) => !moved.includes(i.id));
  if (stuck) throw conflict(`"${stuck.title}" is ${stuck.status}; only a NOT_PURCHASED order item can go into the cart.`);
  for (const item of items) {
    await q.insertInvoiceLine(tx, { invoiceId: cart.id, storeId, orderItemId: item.id, quantity: item.quantity, unitPriceCents: item.unitPriceCents });
  }
}

/** Public invoice numbers are the only key to pay without login, so they carry 100 random bits. */
export function newInvoiceNumber(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.randomBytes(20);
  const body = Array.from(bytes, (b) => alphabet[b % 32]).join("");
  return `INV-${body}`;
}
