import { stores } from "../api/contracts";
import { request } from "../api/client";
import { setStoreRecord } from "./session-store";

// Reloads of the store record can overlap (a change here, the same change announced over
// realtime): only the latest request's answer is kept, so an older answer arriving last never wins.
let loads = 0;
let latest: Promise<void> = Promise.resolve();

/**
 * Loads the store record (plan, pause state) again and resolves once the latest reload under way
 * has answered. The route guard reads this record, so a screen that announces a plan change awaits
 * it first: a navigation right after the announcement must meet the new record, not the old one.
 */
export function reloadStoreRecord(): Promise<void> {
  const mine = ++loads;
  latest = request(stores.getMyStore, {}).then(
    (record) => {
      if (mine === loads) setStoreRecord(record);
    },
    // The request client already showed the catalogue's message (or logged out).
    () => undefined,
  );
  return settled();
}

async function settled(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = latest;
    await seen;
  } while (seen !== latest);
}
