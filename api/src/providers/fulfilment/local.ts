import crypto from "node:crypto";
import { FULFILMENT_STAGES, type FulfilmentProvider } from "./types";
import { localCarrierShipment } from "./local-carrier";
import { localTicketAnswer } from "./local-ticket-answer";

export type LocalFulfilmentOptions = {
  /** The first this many calls fail as an unanswered center would (tests of the retries). */
  transientFailures?: number;
};

/**
 * The built-in fulfilment center: accepts every order, then picks, packs and ships it one stage
 * per call, shipping with the local carrier. The background job decides the pace.
 */
export function createLocalFulfilment(options: LocalFulfilmentOptions = {}): FulfilmentProvider {
  let failuresLeft = options.transientFailures ?? 0;
  const maybeFail = () => {
    if (failuresLeft <= 0) return;
    failuresLeft -= 1;
    throw new Error("The fulfilment center did not answer in time.");
  };
  return {
    name: "local",
    async submit() {
      maybeFail();
      return { externalId: `LFC-${crypto.randomUUID().slice(0, 8).toUpperCase()}` };
    },
    async advance(_externalId, current) {
      maybeFail();
      const next = FULFILMENT_STAGES[Math.min(FULFILMENT_STAGES.indexOf(current) + 1, FULFILMENT_STAGES.length - 1)]!;
      return next === "SHIPPED" ? { stage: next, shipment: localCarrierShipment() } : { stage: next };
    },
    async answerTicket(ticket) {
      maybeFail();
      return { body: localTicketAnswer(ticket) };
    },
    // The built-in center assembles every kit it is asked for: the components were held for it.
    async assembleKits() {
      maybeFail();
    },
  };
}
