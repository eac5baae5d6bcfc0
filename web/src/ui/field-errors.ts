import { ApiError } from "../api/contracts";
import { errorSentence } from "../api/error-catalogue";
import { fieldSentence, inWords } from "@atelier/contracts/error-sentences";

/** The API's 400 details by field name (body.title → title); anything else becomes the form-level `form` message. */
export function fieldErrors(err: unknown, fallback = "It could not be saved."): Record<string, string> {
  if (!(err instanceof ApiError)) return { form: fallback };
  const out: Record<string, string> = {};
  for (const d of err.details ?? []) {
    const field = String(d.field ?? "").replace(/^(body|query|params)\./, "").split(".")[0] ?? "";
    const reason = String(d.reason ?? "");
    if (field && reason && !out[field]) out[field] = inWords(reason);
  }
  if (!Object.keys(out).length) out.form = errorSentence(err, fallback);
  return out;
}

/**
 * The API's 400 details by field name as whole sentences naming the field ("The card number must
 * be 12 to 19 digits."), for forms whose errors sit under the fields; anything else is `form`.
 */
export function fieldSentences(err: unknown, fallback = "It could not be saved."): Record<string, string> {
  if (!(err instanceof ApiError)) return { form: errorSentence(err, fallback) };
  const out: Record<string, string> = {};
  for (const d of err.details ?? []) {
    const path = String(d.field ?? "");
    const field = path.replace(/^(body|query|params)\./, "").split(".")[0] ?? "";
    if (field && d.reason && !out[field]) out[field] = fieldSentence(path, String(d.reason));
  }
  if (!Object.keys(out).length) out.form = errorSentence(err, fallback);
  return out;
}
