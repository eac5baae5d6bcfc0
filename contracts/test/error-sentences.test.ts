import { describe, expect, it } from "vitest";
import { UPGRADE_REQUIRED_MESSAGE } from "../src/errors";
import { INVOICE_STATUSES } from "../src/payments";
import { SUBSCRIPTION_STATUSES, TEAM_ROLES } from "../src/domain";
import { INVOICE_STATUS_WORDS, enumWords, fieldLabel, inWords, isUpgradeRequired, roleName, sentenceFor } from "../src/error-sentences";

const NO_CODES = /[A-Z]{2,}_[A-Z0-9_]+|HTTP \d{3}|\b(?:body|query|params)\.[a-z]/;

describe("sentenceFor", () => {
  it("turns a field path and its reason into a sentence about the field", () => {
    const text = sentenceFor({ code: "VALIDATION_FAILED", message: "body.promotionCode is not a promotion code for sourcing purchases", details: [{ field: "body.promotionCode", reason: "is not a promotion code for sourcing purchases" }] });
    expect(text).toBe("The promotion code is not a promotion code for sourcing purchases.");
  });

  it("reads a field path inside a message without details", () => {
    expect(sentenceFor({ code: "VALIDATION_FAILED", message: "query.countryCode must be two letters" })).toBe("The country must be two letters.");
  });

  it("says the upgrade sentence for the plan code, never the code", () => {
    const error = { code: "FORBIDDEN", message: UPGRADE_REQUIRED_MESSAGE };
    expect(isUpgradeRequired(error)).toBe(true);
    expect(sentenceFor(error)).toMatch(/Your plan doesn't include this/);
    // The API's answer names both plans: the sentence names them in words, never their codes.
    const named = sentenceFor({ code: "UPGRADE_REQUIRED", message: UPGRADE_REQUIRED_MESSAGE, details: [{ currentPlan: "TIER_2_5", requiredPlan: "TIER_3" }] });
    expect(named).toBe("Your plan doesn't include this: it needs the Professional plan, and your store is on Scaling. Upgrade your plan to use it.");
    expect(named).not.toMatch(NO_CODES);
  });

  it("explains preview mode without the code or status", () => {
    const text = sentenceFor({ code: "PREVIEW_MODE", message: "Preview mode can't take this action.", status: 403 });
    expect(text).toMatch(/Preview mode can't/);
    expect(text).not.toMatch(NO_CODES);
  });

  it("names plans and invoice choices as users know them", () => {
    expect(inWords("Move to TIER_2_5 (invoices: keep_as_draft)")).toBe("Move to Scaling (invoices: kept as drafts)");
    expect(inWords("from TIER_1 to TIER_2 or TIER_3")).toBe("from Free to Beginner or Professional");
    expect(sentenceFor({ code: "CONFLICT", message: "The upgrade was refused: INSTRUMENT_DECLINED" })).toBe("The upgrade was refused: the card was declined.");
  });

  it("drops a code and status a message carries", () => {
    expect(sentenceFor({ code: "NOT_FOUND", message: "Tariff data for Peru was not found (NOT_FOUND, HTTP 404)" })).toBe("Tariff data for Peru was not found.");
  });

  it("never shows a bare code as the sentence", () => {
    expect(sentenceFor({ code: "CONFLICT", message: "SOME_CODE" })).not.toMatch(NO_CODES);
    expect(sentenceFor({ code: "INTERNAL", message: "boom at db.ts:12" })).toMatch(/on our side/);
  });

  it("labels fields in words", () => {
    expect(fieldLabel("body.items.0.unitPriceCents")).toBe("unit price cents");
    expect(fieldLabel("body.moq")).toBe("minimum order quantity");
  });
});

describe("sentenceFor keeps the API's own sentences", () => {
  it("shows a refusal the API wrote for people, and a fixed sentence for internals", () => {
    expect(sentenceFor({ code: "UNAUTHORIZED", message: "Wrong email or password." })).toBe("Wrong email or password.");
    expect(sentenceFor({ code: "UNAUTHORIZED", message: "" })).toMatch(/session has expired/);
    expect(sentenceFor({ code: "UNREADABLE_RESULT", message: "list.0.id: expected string" })).not.toMatch(/list/);
  });
});

describe("statuses and roles in words", () => {
  it("says every subscription status, invoice status and role without a code", () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(enumWords(status)).not.toMatch(/[A-Z]{2,}|_/);
    expect(enumWords("INCOMPLETE_EXPIRED")).toBe("the first payment did not go through");
    expect(enumWords("CANCELED")).toBe("canceled");
    for (const status of INVOICE_STATUSES) expect(INVOICE_STATUS_WORDS[status]).toMatch(/^[A-Z][a-z ,]+$/);
    expect(INVOICE_STATUS_WORDS.uncollectible).not.toMatch(/uncollectible/);
    expect(TEAM_ROLES.map(roleName)).toEqual(["Owner", "Admin", "Customer support"]);
  });
});
