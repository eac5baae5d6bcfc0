import { EXAMPLE_KITS } from "@atelier/contracts/brand-kits";

/** The four built-in example kits (001 §9). */
export function listBrandKitExamples(): Promise<{ list: { key: string; category: string; productDescription: string }[] }> {
  return Promise.resolve({ list: EXAMPLE_KITS.map((e) => ({ ...e })) });
}
