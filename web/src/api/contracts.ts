// The shared contracts, imported module by module: the package index also builds the list of
// every endpoint, which would pull every domain's schemas into the first page's JavaScript.
export * from "@atelier/contracts/contract";
export * from "@atelier/contracts/errors";
export * from "@atelier/contracts/domain";
export * from "@atelier/contracts/client";
export * as auth from "@atelier/contracts/auth";
export * as stores from "@atelier/contracts/stores";
export * as storeStats from "@atelier/contracts/store-stats";
export * as plans from "@atelier/contracts/plans";
export * as payments from "@atelier/contracts/payments";
export * as team from "@atelier/contracts/team";
export * as jobs from "@atelier/contracts/jobs";
