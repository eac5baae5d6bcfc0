import type { Router } from "express";
import type { AppDeps } from "../context";
import { mountUploadHandlers } from "../services/uploads/http-handlers";

/** Handlers whose bodies are not JSON (multipart, raw bytes, file downloads); mounted before the JSON parser. */
export type RawMount = (router: Router, deps: AppDeps) => void;

export const rawMounts: RawMount[] = [mountUploadHandlers];
