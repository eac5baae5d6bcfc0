import { creation } from "@atelier/contracts";
import { CREDITS_PER_IMAGE, IMAGE_CANDIDATES_PER_REQUEST } from "@atelier/contracts/creation";
import { defineTool } from "../tool-spec";

// AI product design and the image gallery (/product-design): designs drawn from a description,
// saved to the gallery, turned into a custom project. Drawing that takes AI credits asks first,
// naming the credits.

const credits = (n: number) => `${n.toLocaleString("en-US")} AI credit${n === 1 ? "" : "s"}`;
const quoted = (v: unknown) => `“${String(v ?? "").trim().slice(0, 120)}”`;

export const creationTools = [
  defineTool({
    contract: creation.getProductDesign,
    name: "get_product_design",
    description:
      "Get the user's AI product design: its step, description, the generated designs (numbered 1-4 in order, with ids and urls), the saved design, credits used and left, free trial rounds left and nextRoundCredits (what the next round costs). Call it before generating, and to resolve 'the second one' or 'this design'.",
  }),
  defineTool({
    contract: creation.updateProductDesign,
    name: "update_product_design",
    description: "Change the design's description or model (OPENAI, the default AI image model, or AMAZON, the product photo model), or start over (step PROMPT).",
    argDescriptions: { step: "PROMPT to start over", model: "OPENAI or AMAZON", description: "What to design", sketchKeys: "Ids of uploaded sketches" },
  }),
  defineTool({
    contract: creation.generateProductDesigns,
    name: "generate_product_designs",
    description: `Draw ${IMAGE_CANDIDATES_PER_REQUEST} product design candidates from a description, e.g. 'a minimalist ceramic mug with a wave pattern'. Free during the trial rounds; after them a round costs nextRoundCredits from get_product_design, which you must pass as confirmCredits (the user approves the amount).`,
    argDescriptions: { description: "What to design, in the user's words", confirmCredits: "nextRoundCredits from get_product_design when it is above 0; leave out when the round is free" },
    approval: {
      when: (a) => typeof a.confirmCredits === "number" && a.confirmCredits > 0,
      summary: (a) => `Spend ${credits(Number(a.confirmCredits))} to draw ${IMAGE_CANDIDATES_PER_REQUEST} product designs${a.description ? ` of ${quoted(a.description)}` : ""}`,
    },
  }),
  defineTool({
    contract: creation.saveProductDesign,
    name: "save_product_design",
    description: "Save one of the generated designs (by its id from get_product_design; 'the second one' is the second in generatedDesigns): it becomes the saved design and goes to the image gallery.",
    argDescriptions: { imageId: "The design's id" },
  }),
  defineTool({
    contract: creation.startProjectFromDesign,
    name: "start_project_from_design",
    description: "Start a draft custom project (a request to suppliers) from the saved design or a gallery image, with the design attached. Nothing is sent to suppliers until the user submits the project.",
    argDescriptions: { imageId: "A gallery image's id; the saved design when left out", title: "The project's name; taken from the design's description when left out" },
  }),
  defineTool({
    contract: creation.listGalleryImages,
    name: "list_gallery_images",
    description: "List the store's image gallery (saved designs), newest first, searched by description.",
    argDescriptions: { search: "Words of the design's description", page: "Page number, starting at 0", size: "Images per page, 1-100" },
  }),
  defineTool({
    contract: creation.deleteGalleryImage,
    name: "delete_gallery_image",
    description: "Remove an image from the store's image gallery (projects that attach it keep it).",
    argDescriptions: { id: "The image's id from list_gallery_images" },
  }),
  defineTool({
    contract: creation.generateAiImages,
    name: "generate_ai_images",
    description: `Draw 1-4 product images from a prompt outside the design flow. With deductCredits they cost ${CREDITS_PER_IMAGE} AI credits each (the user approves the amount); without, they use the store's free images of the day. For designing a product, prefer generate_product_designs.`,
    argDescriptions: { prompt: "What to draw", deductCredits: "Pay with AI credits (default false)", saveToImageGallery: "Keep them in the image gallery (default false)", numImages: "How many, 1-4 (default 4)" },
    approval: {
      when: (a) => a.deductCredits === true,
      summary: (a) => {
        const n = typeof a.numImages === "number" ? a.numImages : IMAGE_CANDIDATES_PER_REQUEST;
        return `Spend ${credits(n * CREDITS_PER_IMAGE)} to draw ${n} image${n === 1 ? "" : "s"} of ${quoted(a.prompt)}`;
      },
    },
  }),
];
