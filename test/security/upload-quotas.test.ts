import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_QUOTAS } from "@atelier/contracts/uploads";
import type { TestApi, TestUser } from "../../api/test/harness";
import { registerUser } from "../../api/test/harness";
import { setPlan } from "../factories/accounts";
import { startIsolatedApi, type IsolatedApi } from "../isolated-api";

// Issue 14, item 9: upload quotas by plan (small ones here), large-upload reservations, and a
// multipart upload written to storage while its bytes still arrive.

const KB = 1024;
const quotas = {
  ...UPLOAD_QUOTAS,
  TIER_1: { largeFileBytes: 64 * KB, storeBytes: 128 * KB },
  TIER_3: { largeFileBytes: 1024 * KB, storeBytes: 4096 * KB },
};

let api: IsolatedApi;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-quota-"));
  api = await startIsolatedApi({ dataDir, uploads: { quotas, maxPendingLargeUploads: 2 } });
}, 120_000);
afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(bytes - 8)]);
const newStore = () => registerUser(api as unknown as TestApi);
const storeFiles = (storeId: string) => (fs.existsSync(path.join(dataDir, "uploads", storeId)) ? fs.readdirSync(path.join(dataDir, "uploads", storeId)) : []);

async function upload(user: TestUser, bytes: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), "picture.png");
  const res = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${user.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

async function reserve(user: TestUser, sizeBytes: number): Promise<{ status: number; body: any }> {
  const res = await fetch(`${api.url}/rest/main/upload-large-file`, {
    method: "POST",
    body: JSON.stringify({ fileName: "video.mp4", sizeBytes }),
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
  });
  return { status: res.status, body: await res.json() };
}

describe("the store's room for files, by plan", () => {
  it("a Free store keeps 128 KB here: the file that would pass it is 413 with a sentence, and nothing of it is kept", async () => {
    const owner = await newStore();
    expect((await upload(owner, png(50 * KB))).status).toBe(201);
    expect((await upload(owner, png(50 * KB))).status).toBe(201);
    const refused = await upload(owner, png(50 * KB));
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe("This file does not fit in the store's 128 KB of files on the Free plan (100 KB used). Delete files you no longer need, or upgrade for more room.");
    expect(storeFiles(owner.store.id)).toHaveLength(2);
    // What is left still takes a small file.
    expect((await upload(owner, png(20 * KB))).status).toBe(201);
  });

  it("a store with no room left is refused before its bytes are read", async () => {
    const owner = await newStore();
    await api.database.pool.query(
      `INSERT INTO uploads (store_id, storage_key, file_name, extension, content_type, attachment_type, size_bytes, status) VALUES ($1, $2, 'old.png', 'png', 'image/png', 'IMAGE', $3, 'STORED')`,
      [owner.store.id, `${owner.store.id}/old.png`, 128 * KB],
    );
    const refused = await upload(owner, png(1 * KB));
    expect(refused.status).toBe(413);
    expect(storeFiles(owner.store.id)).toHaveLength(0);
  });

  it("a large upload is at most 64 KB on Free and 1 MB on Professional", async () => {
    const free = await newStore();
    const tooBig = await reserve(free, 65 * KB);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe("Files on the Free plan can be at most 64 KB. Upgrade to upload larger files.");
    expect(tooBig.body.details[0].field).toBe("body.sizeBytes");
    const pro = await newStore();
    await setPlan(api as unknown as TestApi, pro.store.id, "TIER_3");
    expect((await reserve(pro, 1000 * KB)).status).toBe(200);
  });

  it("waiting large uploads count at their announced size, and a store has at most 2 waiting", async () => {
    const owner = await newStore();
    expect((await reserve(owner, 60 * KB)).status).toBe(200);
    expect((await reserve(owner, 60 * KB)).status).toBe(200);
    const third = await reserve(owner, 1 * KB);
    expect(third.status).toBe(429);
    expect(third.body.message).toBe("This store already has 2 large uploads waiting for their files. Finish one, or wait until its link expires (15 minutes).");
    // The two reservations (120 KB) leave 8 KB of the 128 KB.
    expect((await upload(owner, png(10 * KB))).status).toBe(413);
    // An expired reservation no longer counts.
    await api.database.pool.query("UPDATE uploads SET put_expires_at = now() - interval '1 minute' WHERE store_id = $1", [owner.store.id]);
    expect((await upload(owner, png(10 * KB))).status).toBe(201);
    expect((await reserve(owner, 60 * KB)).status).toBe(200);
  });

  it("parallel reservations are counted one by one", async () => {
    const owner = await newStore();
    const answers = await Promise.all(Array.from({ length: 6 }, () => reserve(owner, 10 * KB)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
  });
});

describe("a multipart upload is streamed to storage", () => {
  it("its bytes are on disk while the request is still being sent, and no whole file is buffered first", async () => {
    const owner = await newStore();
    await setPlan(api as unknown as TestApi, owner.store.id, "TIER_3");
    const boundary = `----atelier${crypto.randomUUID()}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const file = png(1000 * KB);
    const half = 500 * KB;
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${api.url}/rest/main/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": head.length + file.length + tail.length },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on("error", reject);
      req.write(Buffer.concat([head, file.subarray(0, half)]));
      // The rest is sent only once the first half is in the store's partial file on disk.
      void waitForPartialFile(owner.store.id, half).then(() => req.end(Buffer.concat([file.subarray(half), tail])), reject);
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    expect(body.sizeBytes).toBe(file.length);
    const stored = fs.readFileSync(path.join(dataDir, "uploads", owner.store.id, `${body.id}.png`));
    expect(stored.equals(file)).toBe(true);
  });
});

/** Resolves once a partial (.part) file of the store holds at least `bytes`; the request is still open then. */
async function waitForPartialFile(storeId: string, bytes: number): Promise<void> {
  const dir = path.join(dataDir, "uploads", storeId);
  for (;;) {
    const part = storeFiles(storeId).find((f) => f.endsWith(".part"));
    if (part && fs.statSync(path.join(dir, part)).size >= bytes - 64 * KB) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
