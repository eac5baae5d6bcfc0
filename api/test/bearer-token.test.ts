import { describe, expect, it } from "vitest";
import { bearerToken } from "../src/auth/tokens";

describe("bearerToken (the one token parser of the API and the agent server)", () => {
  it("reads the token of a Bearer header, the scheme in any case", () => {
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("bearer   abc.def.ghi ")).toBe("abc.def.ghi");
  });

  it("gives null for no header, another scheme, no token or two words", () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken("")).toBeNull();
    expect(bearerToken("Basic dXNlcjpwYXNz")).toBeNull();
    expect(bearerToken("Bearer ")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
  });
});
