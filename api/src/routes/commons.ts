import { commons } from "@atelier/contracts";
import { route, type Route } from "../http/route";
import { getBusinessSettings } from "../services/commons/get-business-settings";
import { inferCountry } from "../services/commons/infer-country";
import { listCountries } from "../services/commons/list-countries";
import { listStatesOfCountry } from "../services/commons/list-states-of-country";
import { reportClientUsageEvent } from "../services/commons/report-client-usage-event";

export const commonsRoutes: Route[] = [
  route(commons.listCountries, async () => listCountries()),
  route(commons.listStatesOfCountry, async ({ query }) => listStatesOfCountry(query.countryCode)),
  route(commons.inferCountry, async ({ ctx, query }) => inferCountry({ hint: query.countryCode, acceptLanguage: ctx.acceptLanguage })),
  route(commons.getBusinessSettings, async () => getBusinessSettings()),
  route(commons.reportUsageEvent, ({ ctx, body }) => reportClientUsageEvent(ctx, body)),
];
