import type { Config } from "../config";
import { createGoogleVerifier, type GoogleVerifier } from "./google";
import { createLocalCardPayments, type CardPaymentProvider } from "./payments";
import { createLocalFulfilment, type FulfilmentProvider } from "./fulfilment";
import { createEasyPostCarrier, createLocalCarrier, type ShippingProvider } from "./shipping";
import { createLocalFreight, type FreightProvider } from "./freight";
import { createShopifyShop, type StorePlatformShop } from "./store-platforms";
import { createConfiguredEmbeddings, type EmbeddingProvider } from "../embeddings";
import { createConfiguredImageEmbedder, type ImageEmbedder } from "../images/image-embedder";
import { createConfiguredImageGenerator, type ImageGenerator } from "./image-generation";
import type { VideoMeetingProvider } from "./video-meetings";
import { createLocalVideoMeetings } from "./video-meetings/local";
import { createDailyVideoMeetings } from "./video-meetings/daily";
import { configuredKitWriter, type KitWriter } from "../services/brand-kits/kit-writer";

/** Every outside service, each behind an interface with a local implementation that really works. */
export type Providers = {
  google: GoogleVerifier;
  payments: CardPaymentProvider;
  /** Embeds search queries and new rows; in the space the stored vectors are in (see resolveQueryEmbeddings). */
  embeddings: EmbeddingProvider;
  /** Embeds pictures for image search: a configured model, else the offline descriptor (see resolveImageEmbedder). */
  imageEmbeddings: ImageEmbedder;
  /** The fulfilment center orders are sent to: the built-in local one. */
  fulfilment: FulfilmentProvider;
  /** Draws product images from a prompt: a configured OpenAI-compatible images model, else (and on its failure) the offline drawing. */
  imageGeneration: ImageGenerator;
  /** Shipping carriers rates are asked from, the built-in local carrier first (its name is the default on a purchase). */
  shipping: ShippingProvider[];
  /** The freight forwarder cargo is quoted and booked with: the built-in local one. */
  freight: FreightProvider;
  /** Creates the video meetings accepted in the inbox: Daily when configured, else the built-in local rooms. */
  videoMeetings: VideoMeetingProvider;
  /** Writes structured text (product ideas): the model brand kits use (OPENAI_BASE_URL, ATELIER_MODEL), else none (offline writers). */
  textWriter: KitWriter;
  /** Shops whose orders are read through their platform's API: Shopify's official adapter when configured; without one, orders come in as export files. */
  shops: { shopify: StorePlatformShop | null };
};

export function createProviders(config: Config, overrides: Partial<Providers> = {}): Providers {
  return {
    google: createGoogleVerifier(config.google),
    payments: createLocalCardPayments(),
    embeddings: createConfiguredEmbeddings({ ATELIER_EMBEDDING_MODEL: config.embeddings.model, OPENAI_API_KEY: config.embeddings.apiKey, OPENAI_BASE_URL: config.embeddings.baseUrl }),
    imageEmbeddings: createConfiguredImageEmbedder(config.imageEmbeddings),
    fulfilment: createLocalFulfilment(),
    imageGeneration: createConfiguredImageGenerator(config.imageGeneration),
    // The local carrier scans a parcel every few fulfilment steps; at once when the center works at once (tests).
    shipping: [createLocalCarrier({ stepMs: config.fulfilment.stepMs * 5 }), ...(config.shipping.easyPost ? [createEasyPostCarrier(config.shipping.easyPost)] : [])],
    // Freight moves one stage every few fulfilment steps; the whole timeline at once in tests.
    freight: createLocalFreight({ stepMs: config.fulfilment.stepMs * 5 }),
    videoMeetings: config.videoMeetings.daily ? createDailyVideoMeetings(config.videoMeetings.daily) : createLocalVideoMeetings(config.webOrigin.split(",")[0] ?? ""),
    textWriter: configuredKitWriter(),
    shops: { shopify: config.storePlatforms.shopify ? createShopifyShop(config.storePlatforms.shopify) : null },
    ...overrides,
  };
}
