// The shared test factories: stores, owners, team members, preview accounts, suppliers, items and
// catalogue scopes. Built on the real API (registration, login, invites, card payments) and, where
// the product has no API for a starting state, on the real database. Each call makes new rows, so
// tests on the run's shared database never see each other's data.
export * from "./accounts";
export * from "./suppliers";
export * from "./catalog-scope";
export * from "./orders";
export * from "./inbox";
export * from "./inventory";
export * from "./analytics";
export * from "./shipping";
export * from "./fees";
export * from "./order-exports";
