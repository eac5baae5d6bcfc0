import type { ProductDesign } from "@atelier/contracts/creation";
import { requirePermission } from "../../auth/permissions";
import type { UserContext } from "../../context";
import { loadProductDesign } from "./product-design-dto";

/** Opens the member's design; a first visit starts at step PROMPT with the OPENAI model (001 §2, §9). */
export async function getProductDesign(ctx: UserContext): Promise<ProductDesign> {
  requirePermission(ctx, "ai.use");
  return loadProductDesign(ctx);
}
