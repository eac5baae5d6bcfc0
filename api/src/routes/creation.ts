import { creation } from "@atelier/contracts";
import { route } from "../http/route";
import { deleteGalleryImage } from "../services/creation/delete-gallery-image";
import { generateAiImages } from "../services/creation/generate-ai-images";
import { generateProductDesigns } from "../services/creation/generate-product-designs";
import { getProductDesign } from "../services/creation/get-product-design";
import { listGalleryImages } from "../services/creation/list-gallery-images";
import { saveGalleryImage } from "../services/creation/save-gallery-image";
import { saveProductDesign } from "../services/creation/save-product-design";
import { startProjectFromDesign } from "../services/creation/start-project-from-design";
import { updateProductDesign } from "../services/creation/update-product-design";

/** AI product design, image generation and the image gallery (issue 19). */
export const creationRoutes = [
  route(creation.generateAiImages, ({ ctx, body }) => generateAiImages(ctx, body)),
  route(creation.listGalleryImages, ({ ctx, query }) => listGalleryImages(ctx, query)),
  route(creation.saveGalleryImage, ({ ctx, params }) => saveGalleryImage(ctx, params.id)),
  route(creation.deleteGalleryImage, ({ ctx, params }) => deleteGalleryImage(ctx, params.id)),
  route(creation.getProductDesign, ({ ctx }) => getProductDesign(ctx)),
  route(creation.updateProductDesign, ({ ctx, body }) => updateProductDesign(ctx, body)),
  route(creation.generateProductDesigns, ({ ctx, body }) => generateProductDesigns(ctx, body)),
  route(creation.saveProductDesign, ({ ctx, body }) => saveProductDesign(ctx, body)),
  route(creation.startProjectFromDesign, ({ ctx, body }) => startProjectFromDesign(ctx, body)),
];
