/** Which agent a model serves; the offline model tailors its greeting and intents to it. */
export type ModelRole = "copilot" | "sourcing-agent" | "tariff-rate-agent" | "packaging-agent" | "storefront-chat";
