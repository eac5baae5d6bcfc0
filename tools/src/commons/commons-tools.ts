import { commons } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

export const commonsTools = [
  defineTool({
    contract: commons.getBusinessSettings,
    name: "get_business_settings",
    description: "Get Atelier's published prices and limits: plans and team seats, fulfilment, storage, payment-processing, sales-channel and SMS fees, AI credit tiers, rewards, promotion codes. Use it for any 'how much does X cost' or pricing question.",
  }),
  defineTool({
    contract: commons.listCountries,
    name: "list_countries",
    description: "List every country with its ISO code and region. Use it to find a country's two-letter code.",
  }),
  defineTool({
    contract: commons.listStatesOfCountry,
    name: "list_states_of_country",
    description: "List the states or provinces of a country. Use it when an address needs a state code.",
    argDescriptions: { countryCode: "Two-letter ISO 3166 country code, e.g. US" },
  }),
];
