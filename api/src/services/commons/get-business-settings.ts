import { commons, type ResponseOf } from "@atelier/contracts";

/** The business constants of 000 §9, from the one module that holds them. */
export function getBusinessSettings(): ResponseOf<typeof commons.getBusinessSettings> {
  return commons.BUSINESS_SETTINGS as unknown as ResponseOf<typeof commons.getBusinessSettings>;
}
