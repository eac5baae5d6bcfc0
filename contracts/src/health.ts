import { z } from "zod";
import { defineContract } from "./contract";

export const getHealth = defineContract({
  id: "getHealth",
  method: "GET",
  path: "/health",
  summary: "Liveness: 200 when the API answers.",
  tags: ["meta"],
  access: "public",
  response: z.object({ status: z.literal("ok") }),
});
