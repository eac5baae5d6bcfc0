import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { registerUser, type TestApi, type TestUser } from "../../api/test/harness";
import { startIsolatedApi, type IsolatedApi } from "../isolated-api";
import { contentDisposition } from "../../api/src/http/file-response";

// Issue 14, item 14: a user's upload never runs as a page of our origin. Raster images open inline;
// SVG (a document that can carry script), PDF and the rest download; all are sandboxed and not sniffed.

let api: IsolatedApi;
let dataDir: string;
let owner: TestUser;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-upload-headers-"));
  api = await startIsolatedApi({ dataDir });
  owner = await registerUser(api as unknown as TestApi);
}, 120_000);
afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const EVIL_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(localStorage.getItem("token"))</script><rect width="10" height="10" fill="red"/></svg>');
const PDF = Buffer.from("%PDF-1.4\n%evil\n");

async function uploadAndFetch(name: string, bytes: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const auth = { authorization: `Bearer ${owner.token}` };
  const uploaded = (await (await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: auth })).json()) as { url: string };
  const res = await fetch(`${api.url}${uploaded.url}`, { headers: auth });
  await res.arrayBuffer();
  return res.headers;
}

it("a PNG is shown inline, sandboxed and not sniffed", async () => {
  const headers = await uploadAndFetch("photo.png", PNG);
  expect(headers.get("content-type")).toBe("image/png");
  expect(headers.get("content-disposition")).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("content-security-policy")).toContain("sandbox");
});

it("an SVG with a script is downloaded, never opened as a page, and sandboxed with no script allowed", async () => {
  const headers = await uploadAndFetch("logo.svg", EVIL_SVG);
  expect(headers.get("content-disposition")).toBe(`attachment; filename="logo.svg"; filename*=UTF-8''logo.svg`);
  const csp = headers.get("content-security-policy")!;
  expect(csp).toContain("sandbox");
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain("script-src");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
});

it("a PDF is downloaded too", async () => {
  const headers = await uploadAndFetch("brief.pdf", PDF);
  expect(headers.get("content-disposition")).toBe(`attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`);
  expect(headers.get("content-security-policy")).toContain("sandbox");
});

it("a file name outside ASCII or with a quote keeps its exact name and cannot end the header", () => {
  expect(contentDisposition("attachment", 'Café "menu".pdf')).toBe(`attachment; filename="Cafe _menu_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22menu%22.pdf`);
  expect(contentDisposition("inline", "日本.png")).toBe(`inline; filename="file.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`);
});
