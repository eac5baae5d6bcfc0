import type { BodyOf, stores } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { findCountry, statesOf } from "../../data/countries";
import { withTransaction } from "../../db/pool";
import { invalid } from "../../errors";
import { patchStoreProfile, updateStoreTitle, type StoreProfilePatch, type SupportAddressValue } from "../../queries/stores";
import { readStoreProfile, type StoreProfile } from "./get-store-profile";

type Input = BodyOf<typeof stores.updateStoreProfile>;

/** Updates the given profile fields (and the store title); omitted fields are kept, null clears. */
export async function updateStoreProfile(ctx: UserContext, input: Input): Promise<StoreProfile> {
  const { title, ...rest } = input;
  const patch: StoreProfilePatch = {};
  for (const [key, value] of Object.entries(rest) as [keyof StoreProfilePatch, unknown][]) {
    if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
  }
  if (rest.supportAddress) patch.supportAddress = normaliseAddress(rest.supportAddress);
  if (rest.socialLinks) patch.socialLinks = Object.fromEntries(Object.entries(rest.socialLinks).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return withTransaction(ctx.pool, async (db) => {
    if (title !== undefined) await updateStoreTitle(db, ctx.auth.storeId, title);
    if (Object.keys(patch).length) await patchStoreProfile(db, ctx.auth.storeId, patch);
    return readStoreProfile(db, ctx.auth.storeId);
  });
}

/** Checks the country and, where we ship its states, the state; stores the state's code. */
function normaliseAddress(address: NonNullable<Input["supportAddress"]>): SupportAddressValue {
  const country = findCountry(address.countryCode);
  if (!country) throw invalid("body.supportAddress.countryCode", "is not a known ISO 3166 country code");
  const known = statesOf(country.code);
  let state = address.state || null;
  if (known.length) {
    if (!state) throw invalid("body.supportAddress.state", `is required for ${country.name}`);
    const wanted = state.toLowerCase();
    const match = known.find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
    if (!match) throw invalid("body.supportAddress.state", `is not a state or province of ${country.name}`);
    state = match.code;
  }
  return { line1: address.line1, line2: address.line2 || null, city: address.city, state, postalCode: address.postalCode, countryCode: country.code };
}
