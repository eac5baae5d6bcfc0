// Fulfilment centers behind one interface; the local one really moves orders.
export { createLocalFulfilment, type LocalFulfilmentOptions } from "./local";
export { isS10, localCarrierShipment, s10CheckDigit } from "./local-carrier";
export { FULFILMENT_STAGES, type FulfilmentProvider, type FulfilmentRequest, type FulfilmentStage, type FulfilmentUpdate, type KitAssemblyRequest, type Shipment, type TicketQuestion } from "./types";
