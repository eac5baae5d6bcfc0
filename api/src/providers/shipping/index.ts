export type * from "./types";
export { CarrierError } from "./types";
export { createLocalCarrier, type LocalCarrierOptions } from "./local-carrier";
export { createEasyPostCarrier, easyPostServiceCode, type EasyPostOptions } from "./easypost";
