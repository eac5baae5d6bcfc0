import type { Router } from "express";
import type { AppDeps } from "../context";
import { mountUploadHandlers } from "./upload-handlers";
import { mountCardPictures } from "../images/card-picture-route";
import { mountLabelDocuments } from "./label-documents";
import { mountBrandKitFiles } from "./brand-kit-files";
import { mountTrackOrderLimit } from "./track-order-limit";
import { mountMeetingFiles } from "./meeting-files";
import { mountAttachmentFiles } from "./attachment-files";
import { mountOrderImportFiles } from "./order-import-files";
import { mountProductFeedFiles } from "./product-feed-files";
import { mountReceivingDocuments } from "./receiving-documents";
import { mountOrderExportFiles } from "./order-export-files";

/** Handlers whose bodies are not JSON (multipart, raw bytes, file downloads, card pictures); mounted before the JSON parser. */
export type RawMount = (router: Router, deps: AppDeps) => void;

export const rawMounts: RawMount[] = [mountUploadHandlers, mountCardPictures, mountLabelDocuments, mountBrandKitFiles, mountTrackOrderLimit, mountMeetingFiles, mountAttachmentFiles, mountOrderImportFiles, mountReceivingDocuments];
rawMounts.push(mountProductFeedFiles);
rawMounts.push(mountOrderExportFiles);
