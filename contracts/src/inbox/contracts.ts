// The inbox's endpoints and schemas (one namespace in the contracts index).
export * from "./conversations";
export * from "./messages";
export * from "./quotes";
export * from "./meetings";
export * from "./attachments";
export * from "./quote-comparisons";
