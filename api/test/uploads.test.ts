import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "@atelier/contracts";
import { as, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { previewStore } from "../../test/factories/accounts";

let api: TestApi;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-uploads-"));
  api = await startTestApi({ config: testConfig({ dataDir }) });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), crypto.randomBytes(32)]);
const AI = Buffer.from("%PDF-1.5\n% Illustrator\n");

type Answer = { url: string; code?: string; details: { field: string }[] } & Record<string, unknown>;

async function upload(token: string | undefined, name: string, bytes: Buffer, field = "file"): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  const res = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function download(url: string, token?: string) {
  const res = await fetch(`${api.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

describe("POST /upload", () => {
  it("stores an allowed file, answers its url and serves it back to the owner only", async () => {
    const user = await registerUser(api);
    const res = await upload(user.token, "Mood board.png", PNG);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fileName: "Mood-board.png", extension: "png", contentType: "image/png", attachmentType: "IMAGE", sizeBytes: PNG.length });
    expect(res.body.url).toMatch(/^\/rest\/main\/upload\/files\/[0-9a-f-]{36}\/Mood-board\.png$/);
    expect(res.body.data).toEqual({ url: res.body.url });
    const got = await download(res.body.url, user.token);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PNG)).toBe(true);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
    expect(fs.readdirSync(path.join(dataDir, "uploads", user.store.id))).toHaveLength(1);
    const other = await registerUser(api);
    expect((await download(res.body.url, other.token)).status).toBe(404);
    expect((await download(res.body.url)).status).toBe(401);
    expect((await download("/rest/main/upload/files/not-an-id", user.token)).status).toBe(404);
  });

  it("classifies chat attachments: svg image, mp4 video, ai", async () => {
    const user = await registerUser(api);
    expect((await upload(user.token, "logo.svg", SVG)).body).toMatchObject({ attachmentType: "IMAGE", contentType: "image/svg+xml" });
    expect((await upload(user.token, "clip.MP4", MP4)).body).toMatchObject({ attachmentType: "VIDEO", extension: "mp4" });
    expect((await upload(user.token, "art.ai", AI)).body).toMatchObject({ attachmentType: "AI" });
  });

  it("refuses other extensions, content that does not match the extension, and missing files", async () => {
    const user = await registerUser(api);
    const exe = await upload(user.token, "setup.exe", Buffer.from("MZ\x90\x00"));
    expect(exe.status).toBe(400);
    expect(exe.body.details[0]?.field).toBe("file");
    const noExt = await upload(user.token, "README", Buffer.from("hello"));
    expect(noExt.status).toBe(400);
    const fake = await upload(user.token, "photo.png", Buffer.from("MZ this is really an executable"));
    expect(fake.status).toBe(415);
    expect(fake.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await upload(user.token, "logo.svg", Buffer.from("<html><body>no svg</body></html>"))).status).toBe(415);
    expect((await upload(user.token, "a.png", PNG, "image")).status).toBe(400);
    expect((await upload(user.token, "empty.png", Buffer.alloc(0))).status).toBe(400);
    const json = await api.raw("POST", "/upload", { token: user.token, body: { url: "x" } });
    expect(json.status).toBe(400);
  });

  it("refuses files over 25 MB with 413", async () => {
    const user = await registerUser(api);
    const big = Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024)]);
    expect((await upload(user.token, "big.png", big)).status).toBe(413);
  });

  it("needs a login and refuses preview accounts", async () => {
    expect((await upload(undefined, "a.png", PNG)).status).toBe(401);
    const preview = await previewStore(api);
    const res = await upload(preview.token, "a.png", PNG);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PREVIEW_MODE");
  });
});

describe("POST /upload-large-file and the signed PUT", () => {
  async function start(user: TestUser, fileName: string, sizeBytes: number) {
    return as(api, user.token, uploads.createLargeFileUpload, { body: { fileName, sizeBytes } });
  }
  const put = (uploadUrl: string, bytes: Buffer) => fetch(`${api.url}${uploadUrl}`, { method: "PUT", body: bytes, headers: { "content-type": "application/octet-stream" } });

  it("takes the bytes once at the upload URL and serves them at the url", async () => {
    const user = await registerUser(api);
    const video = Buffer.concat([MP4, crypto.randomBytes(10_000)]);
    const ticket = await start(user, "factory tour.mov", video.length + 100);
    expect(ticket).toMatchObject({ method: "PUT", maxBytes: video.length + 100 });
    expect(ticket.uploadUrl).toMatch(/^\/rest\/main\/upload-large-file\/[0-9a-f-]{36}\?token=/);
    expect((await download(ticket.url, user.token)).status).toBe(404);
    const res = await put(ticket.uploadUrl, video);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ attachmentType: "VIDEO", sizeBytes: video.length, url: ticket.url });
    const got = await download(ticket.url, user.token);
    expect(got.bytes.equals(video)).toBe(true);
    expect((await put(ticket.uploadUrl, video)).status).toBe(404);
    const other = await registerUser(api);
    expect((await download(ticket.url, other.token)).status).toBe(404);
  });

  it("refuses a wrong token, an expired URL, too many bytes and mismatched content", async () => {
    const user = await registerUser(api);
    const a = await start(user, "a.png", PNG.length);
    expect((await put(a.uploadUrl.replace(/token=.*/, "token=forged"), PNG)).status).toBe(404);
    expect((await put(a.uploadUrl, Buffer.concat([PNG, PNG]))).status).toBe(413);
    const b = await start(user, "b.png", 10_000);
    expect((await put(b.uploadUrl, Buffer.from("definitely not a png file"))).status).toBe(415);
    const c = await start(user, "c.png", 10_000);
    await api.deps.pool.query(`UPDATE uploads SET put_expires_at = now() - interval '1 minute' WHERE id = $1`, [c.id]);
    expect((await put(c.uploadUrl, PNG)).status).toBe(401);
    // Nothing half-written is left behind.
    const dir = path.join(dataDir, "uploads", user.store.id);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  });

  it("validates the announced file", async () => {
    const user = await registerUser(api);
    const bad = await as(api, user.token, uploads.createLargeFileUpload, { body: { fileName: "virus.exe", sizeBytes: 10 } }).catch((e) => e);
    expect(bad.details[0].field).toBe("body.fileName");
    const tooBig = await as(api, user.token, uploads.createLargeFileUpload, { body: { fileName: "a.mp4", sizeBytes: 3 * 1024 ** 3 } }).catch((e) => e);
    expect(tooBig.details[0].field).toBe("body.sizeBytes");
    const pathName = await as(api, user.token, uploads.createLargeFileUpload, { body: { fileName: "../x.png", sizeBytes: 10 } }).catch((e) => e);
    expect(pathName.details[0].field).toBe("body.fileName");
    expect((await api.raw("POST", "/upload-large-file", { body: { fileName: "a.png", sizeBytes: 1 } })).status).toBe(401);
  });
});
