import { ApiError, PREVIEW_MODE_MESSAGE } from "./contracts";
import { inWords, isUpgradeRequired, sentenceFor } from "@atelier/contracts/error-sentences";
import { isPublicPath, loginRedirect } from "../routes/guards";

export const MESSAGES = {
  sessionExpired: "Your session has expired - please log in again.",
  noPermission: "This account doesn't have the permission to view this page.",
  network: "Something is wrong with the network - please wait a few moments and try again.",
  fallback: "There was an error. Please try again later.",
} as const;

/** What the app does about a failed call (000 §8). */
export type ErrorOutcome = {
  toast: string | null;
  logout: boolean;
  /** Where to go after logging out; null to stay. */
  redirectTo: string | null;
  /** The upgrade gate fires: the plan does not include this. */
  upgrade: boolean;
};

/** The error catalogue of 000 §8 as one pure function of the error and the current location. */
export function interpretError(error: unknown, location: { pathname: string; search: string }): ErrorOutcome {
  const none: ErrorOutcome = { toast: null, logout: false, redirectTo: null, upgrade: false };
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return { ...none, toast: MESSAGES.sessionExpired, logout: true, redirectTo: isPublicPath(location.pathname) ? null : loginRedirect(location.pathname, location.search) };
    }
    if (error.status === 403) {
      if (isUpgradeRequired(error)) return { ...none, upgrade: true };
      // A preview account is meant to look around; being refused an action must not end its session.
      if (error.code === "PREVIEW_MODE") return { ...none, toast: PREVIEW_MODE_MESSAGE };
      return { ...none, toast: MESSAGES.noPermission, logout: true, redirectTo: isPublicPath(location.pathname) ? null : loginRedirect(location.pathname, location.search) };
    }
    if (error.status === 500) return { ...none, toast: MESSAGES.network };
    return { ...none, toast: error.message ? sentenceFor(error) : MESSAGES.fallback };
  }
  if (error instanceof Error && error.message) return { ...none, toast: inWords(error.message) };
  if (typeof error === "string" && error) return { ...none, toast: error };
  return { ...none, toast: MESSAGES.fallback };
}

/**
 * What a screen says about a failure it shows itself (a form, a panel): the API's error as a
 * sentence (contracts/error-sentences), any other error's text in words, else the fallback.
 */
export function errorSentence(error: unknown, fallback: string = MESSAGES.fallback): string {
  if (error instanceof ApiError) return (error.message || error.details?.length) ? sentenceFor(error) : fallback;
  if (error instanceof Error && error.message && !TRANSPORT_TEXT.test(error.message)) return inWords(error.message);
  return fallback;
}

/** A transport error's own text ("HTTP 404: <!DOCTYPE html>…", a status line, markup): not for people. */
const TRANSPORT_TEXT = /^HTTP \d{3}\b|<[a-z!/][^>]*>/i;
