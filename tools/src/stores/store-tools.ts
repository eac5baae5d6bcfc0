import { stores, storeStats } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

export const storeTools = [
  defineTool({
    contract: stores.getMyStore,
    name: "get_my_store",
    description: "Get the user's store: name, plan tier, subscription state, preview flag, owner and the user's role. Use it when the user asks about their store or account.",
  }),
  defineTool({ contract: stores.getStoreProfile, name: "get_store_profile", description: "Get the store's public profile: title, description, logo, website, contact email, phone, social links, support address." }),
  defineTool({
    contract: stores.updateStoreProfile,
    name: "update_store_profile",
    description: "Change the store's public profile (title, description, logo, website, contact email, phone, social links, support address). Send only what changes; null clears a field.",
    argDescriptions: {
      title: "Store name",
      description: "Short description shown to customers",
      logoUrl: "Link to the logo image",
      website: "The store's website",
      contactEmail: "Email customers write to",
      phone: "Store phone number",
      socialLinks: "Links per social platform",
      supportAddress: "Postal address for customer support",
    },
  }),
  defineTool({ contract: stores.getStoreConfigs, name: "get_store_settings", description: "Get store settings: currency, time zone, weight unit, notification toggles and analytics flags." }),
  defineTool({
    contract: stores.updateStoreConfigs,
    name: "update_store_settings",
    description: "Change store settings (time zone, weight unit, notifications, feature flags). Send only what changes.",
    argDescriptions: { currency: "Always USD", timezone: "IANA time zone, e.g. America/New_York", weightUnit: "Weight unit for products and labels", notifications: "Notification toggles", features: "Analytics feature flags" },
  }),
  defineTool({ contract: storeStats.getStoreSalesStats, name: "get_sales_stats", description: "Get the store's sales figures. Use it for 'how are my sales', revenue and order counts." }),
];
