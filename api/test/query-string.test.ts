import { describe, expect, it } from "vitest";
import express from "express";
import { parseSimpleQuery } from "../src/http/query-string";

// qs as Express's "extended" query parser runs it: the reference the plain parse must equal.
const app = express();
app.set("query parser", "extended");
const extended = app.get("query parser fn") as (query: string | null | undefined) => Record<string, unknown>;

describe("parseSimpleQuery", () => {
  it("parses plain name=value queries exactly as Express's extended parser does", () => {
    const queries: string[] = [
      "", "filter=ALL&size=25", "search=Scarlett&size=25", "search=%23100999", "search=a+b%20c", "search=%E2%9C%93", "search=100%", "search=%zz",
      "search=a%2Bb", "q=", "q=a=b", "page=0&size=25&sort=-placedAt&filter=ON_HOLD&origin=SHOPIFY_CREATOR", "search=%00", "x_1=2", "A=b",
      "search=a;b", "search=a,b", "search=%C3%A9t%C3%A9", "search=%E2%9C", "search=+++",
    ];
    for (const query of [...queries, null, undefined]) {
      const simple = parseSimpleQuery(query);
      expect(simple, String(query)).toBeDefined();
      expect(simple, String(query)).toStrictEqual(extended(query));
    }
  });

  it("leaves to qs what it reads in its own way, and those answers stay qs's", () => {
    const queries = [
      "a[b]=1", "a%5Bb%5D=1", "a[]=1&a[]=2", "a=1&a=2", "a", "a=1&", "&a=1", "a=1&&b=2", "=1", "a.b=1", "a%20b=1", "hasOwnProperty=1", "__proto__=1",
      "constructor=x", "a=b]=c", "a=%5D", "a+b=1", Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join("&"),
    ];
    for (const query of queries) expect(parseSimpleQuery(query), query).toBeUndefined();
  });
});
