// The analytics suite's registry and endpoints (one namespace in the contracts index).
export * from "./reports";
export * from "./contracts";
export * from "./format-measure";
export * from "./customer-lists";
export * from "./return-questions";
