import { health } from "@atelier/contracts";
import { route } from "../http/route";

export const healthRoutes = [route(health.getHealth, async () => ({ status: "ok" as const }))];
