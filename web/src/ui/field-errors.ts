import { ApiError } from "../api/contracts";
import { errorSentence } from "../api/error-catalogue";
import { inWords } from "@atelier/contracts/error-sentences";

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
