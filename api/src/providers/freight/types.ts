import type { FreightOption, FreightStatus } from "@atelier/contracts/shipping";
import type { Cargo } from "./rate-model";

// The freight forwarder interface: price cargo, book one mode, and report the shipment's stages.
// The built-in local forwarder implements it offline; a hosted forwarder (Freightos, Flexport)
// would implement the same three calls over its HTTP API.

export type FreightStage = { status: FreightStatus; message: string; location: string; occurredAt: Date };

/** What the forwarder has reported so far, oldest first, and when it expects the next stage. */
export type FreightReport = { stages: FreightStage[]; nextCheckAt: Date | null };

export type FreightProvider = {
  name: string;
  /** Every mode the forwarder offers for the cargo, cheapest first. */
  quote(cargo: Cargo, shipDate: Date): Promise<FreightOption[]>;
  /** Books one mode; the key ties a retry to the same booking, so it returns the same reference. */
  book(request: Cargo & { mode: FreightOption["mode"]; key: string }): Promise<{ reference: string }>;
  /** The shipment's stages so far. */
  track(booking: { reference: string; origin: Cargo["origin"]; bookedAt: Date }): Promise<FreightReport>;
};
