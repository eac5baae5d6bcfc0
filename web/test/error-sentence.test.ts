import { describe, expect, it } from "vitest";
import { errorSentence } from "../src/api/error-catalogue";

// A screen's own failure line never shows a transport error's status and body (the agent SDK's
// HTTPError reads "HTTP 404: <!DOCTYPE html>…").
describe("errorSentence for errors that are not the API's", () => {
  it("shows the fallback for an HTTP status with a body, and keeps a plain sentence", () => {
    const fallback = "The conversations could not be loaded.";
    expect(errorSentence(new Error('HTTP 404: <!DOCTYPE html> <html lang="en"><pre>Cannot POST /agent-api/threads/search</pre></html>'), fallback)).toBe(fallback);
    expect(errorSentence(new Error("HTTP 503: Service Unavailable"), fallback)).toBe(fallback);
    expect(errorSentence(new Error("The photo is larger than 10 MB."), fallback)).toBe("The photo is larger than 10 MB.");
  });
});
