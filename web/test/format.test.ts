import { describe, expect, it } from "vitest";
import { formatCompact, formatCountry, formatDay, formatRelativeTime, formatUsd, gramsToPounds, isValidLink } from "../src/format/format";
import { decodeToken, isTokenValid } from "../src/session/token";
import { agentUrlFor, environmentOf, parseFlags } from "../src/app/env";

function jwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${b64({ alg: "HS256" })}.${b64(payload)}.signature`;
}

describe("formats (000 §9)", () => {
  it("says an API day and a country code in words, whatever the time zone", () => {
    expect(formatDay("2027-03-15")).toBe("March 15, 2027");
    expect(formatDay("2027-03-31T00:00:00Z")).toBe("March 31, 2027");
    expect(formatDay("soon")).toBe("soon");
    expect(formatCountry("US")).toBe("United States");
    expect(formatCountry("vn")).toBe("Vietnam");
    expect(formatCountry("Nowhere")).toBe("Nowhere");
  });

  it("formats USD in en-US", () => {
    expect(formatUsd(1234.5)).toBe("$1,234.50");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(-3)).toBe("-$3.00");
  });

  it("uses k from 1,000 and m from 1,000,000", () => {
    expect(formatCompact(999)).toBe("999");
    expect(formatCompact(1000)).toBe("1k");
    expect(formatCompact(1530)).toBe("1.5k");
    expect(formatCompact(999_999)).toBe("999.9k");
    expect(formatCompact(1_000_000)).toBe("1m");
    expect(formatCompact(2_450_000)).toBe("2.4m");
    expect(formatCompact(-1500)).toBe("-1.5k");
  });

  it("shows relative time within a day, the date past a day and the year past a year", () => {
    const now = new Date("2026-06-15T12:00:00Z");
    expect(formatRelativeTime(new Date("2026-06-15T11:59:30Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-06-15T11:15:00Z"), now)).toBe("45m ago");
    expect(formatRelativeTime(new Date("2026-06-15T02:00:00Z"), now)).toBe("10h ago");
    expect(formatRelativeTime(new Date("2026-06-10T12:00:00Z"), now)).toBe("Jun 10");
    expect(formatRelativeTime(new Date("2025-03-05T12:00:00Z"), now)).toBe("Mar 5, 2025");
    expect(formatRelativeTime("2026-06-14T11:00:00Z", now)).toBe("Jun 14");
  });

  it("converts grams to pounds, 2 decimals", () => {
    expect(gramsToPounds(453.59237)).toBe(1);
    expect(gramsToPounds(1000)).toBe(2.2);
    expect(gramsToPounds(250)).toBe(0.55);
    expect(gramsToPounds(0)).toBe(0);
  });

  it("validates links: http, https, ftp, protocol-relative, never mailto", () => {
    expect(isValidLink("https://example.com/a?b=c")).toBe(true);
    expect(isValidLink("http://example.com")).toBe(true);
    expect(isValidLink("ftp://files.example.com/x")).toBe(true);
    expect(isValidLink("//cdn.example.com/x.png")).toBe(true);
    expect(isValidLink("mailto:a@example.com")).toBe(false);
    expect(isValidLink("example.com")).toBe(false);
    expect(isValidLink("javascript:alert(1)")).toBe(false);
    expect(isValidLink("https://exa mple.com")).toBe(false);
  });
});

describe("token validity (000 §5)", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("is valid only when it decodes and its expiry is in the future", () => {
    expect(isTokenValid(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenValid(jwt({ sub: "no-exp" }), now)).toBe(false);
    expect(isTokenValid("not-a-token", now)).toBe(false);
    expect(isTokenValid("a.%%%.c", now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
    expect(decodeToken(jwt({ exp: 5, sid: "s" }))).toEqual({ exp: 5, sid: "s" });
  });
});

describe("environment", () => {
  it("chooses the environment by hostname", () => {
    expect(environmentOf("localhost")).toBe("local");
    expect(environmentOf("127.0.0.1")).toBe("local");
    expect(environmentOf("dev.atelier.example")).toBe("dev");
    expect(environmentOf("staging.atelier.example")).toBe("staging");
    expect(environmentOf("atelier.example")).toBe("production");
    expect(environmentOf("atelier.example", "staging")).toBe("staging");
  });

  it("reads flags and the agent server address", () => {
    expect([...parseFlags("analytics, nope,fulfillment-metrics")]).toEqual(["analytics", "fulfillment-metrics"]);
    expect(agentUrlFor({ origin: "http://localhost:3000" })).toBe("http://localhost:3000/agent-api");
    expect(agentUrlFor({ origin: "http://x" }, "https://agents.example/")).toBe("https://agents.example");
  });
});
