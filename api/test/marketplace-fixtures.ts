// Moved to test/factories/catalog-scope.ts (the shared test factories); existing imports resolve here.
export * from "../../test/factories/catalog-scope";
