// The run's database URL, provided by test/global-setup.ts (declared there for the root project).
import "vitest";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
