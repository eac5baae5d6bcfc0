export type * from "./types";
export { createLocalCardPayments } from "./local";
