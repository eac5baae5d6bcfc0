import { uploads } from "@atelier/contracts";
import { route, type Route } from "../http/route";
import { createLargeFileUpload } from "../services/uploads/large-file-upload";
import { uploadFile } from "../services/uploads/upload-file";

/** Files uploaded by users: one multipart request, or a one-time URL for large ones. */
export const uploadsRoutes: Route[] = [
  route(uploads.uploadFile, ({ ctx }) => uploadFile(ctx)),
  route(uploads.createLargeFileUpload, ({ ctx, body }) => createLargeFileUpload(ctx, body)),
];
