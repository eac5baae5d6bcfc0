import type { BodyOf, purchasing } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { findCountry, statesOf } from "../../data/countries";
import { withTransaction } from "../../db/pool";
import { conflict, invalid, notFound } from "../../errors";
import * as q from "../../queries/purchasing";
import { toInvoiceDto, type InvoiceDto } from "./dto";

/** Sets where an invoice's items ship; once anything has shipped the address is history and stays. */
export async function setInvoiceShippingAddress(ctx: UserContext, id: string, body: BodyOf<typeof purchasing.setInvoiceShippingAddress>): Promise<InvoiceDto> {
  if (!findCountry(body.countryCode)) throw invalid("body.countryCode", "is not an ISO 3166 country code");
  const state = normaliseState(body.countryCode, body.state ?? null);
  const storeId = ctx.auth.storeId;
  await withTransaction(ctx.pool, async (tx) => {
    const invoice = await q.getInvoice(tx, storeId, id, true);
    if (!invoice) throw notFound("Invoice");
    if (invoice.status === "VOID") throw conflict("This invoice is void.");
    if ((await q.countShippedItems(tx, id)) > 0) throw conflict("Items of this invoice have already shipped; the address can no longer change.");
    await q.upsertShippingAddress(tx, storeId, id, {
      name: body.name,
      line1: body.line1,
      line2: body.line2 ?? null,
      city: body.city,
      state,
      postalCode: body.postalCode,
      countryCode: body.countryCode,
      phone: body.phone ?? null,
    });
  });
  return toInvoiceDto(ctx.pool, (await q.getInvoice(ctx.pool, storeId, id))!);
}

/** Where the country has a state list, the state is required and stored as its code. */
function normaliseState(countryCode: string, state: string | null): string | null {
  const states = statesOf(countryCode);
  if (!states.length) return state;
  if (!state) throw invalid("body.state", `is required for ${countryCode}`);
  const match = states.find((s) => s.code.toLowerCase() === state.toLowerCase() || s.name.toLowerCase() === state.toLowerCase());
  if (!match) throw invalid("body.state", `is not a state of ${countryCode}`);
  return match.code;
}
