// The jsdom files' shared API, provided by global-setup.ts.
import "vitest";

export type SharedApi = { url: string; databaseUrl: string };

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    sharedApi: SharedApi;
  }
}
