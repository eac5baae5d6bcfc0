import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, marketplace } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { seedCatalog, type CatalogFixture } from "./marketplace-fixtures";
import { descriptorEmbedder, type ImageEmbedder } from "../src/images/image-embedder";
import { itemImageDataUrl } from "../src/images/item-image";
import { buildImageIndex, startImageIndexBuild } from "../src/services/marketplace/build-image-index";
import { deleteFinishedJobsJob } from "../src/jobs/delete-finished-jobs";

// The picture index built in the background after a start (scripts/start.ts): while it runs, an
// image search answers at once with the share done instead of waiting on it; once built, it finds.

let api: TestApi;
let user: TestUser;
let fx: CatalogFixture;

beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
  fx = await seedCatalog(api.deps.pool, [{ name: "Index Build Supplier" }], [0, 1, 2].map((n) => ({ supplier: 0, title: `Index build item ${n}`, imageSeed: 7100 + n, imageColor: "#8a2be2" })));
});
afterAll(() => api.close());

describe("building the picture index in the background", () => {
  it("runs as a job on the queue, one at a time, its progress stored for the screens to follow", async () => {
    const jobId = await startImageIndexBuild(api.deps);
    let job = await as(api, user.token, jobs.getJob, { params: { id: jobId } });
    expect(job.type).toBe("marketplace.build-image-index");
    if (job.status !== "completed") {
      // One at a time: a second start joins the running build (unless it finished in between).
      const again = await startImageIndexBuild(api.deps);
      if (again !== jobId) expect((await as(api, user.token, jobs.getJob, { params: { id: jobId } })).status).toBe("completed");
    }
    for (let i = 0; i < 200 && job.status !== "completed" && job.status !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await as(api, user.token, jobs.getJob, { params: { id: jobId } });
    }
    expect(job).toMatchObject({ status: "completed", progress: { percent: 100 } });
    expect(job.progress.message).toMatch(/^Indexing product pictures: [\d,]+ of [\d,]+ done\.$/);
    expect(job.result).toMatchObject({ indexed: expect.any(Number) });
    // Only the picture index is a platform job every store may follow.
    const { job: other } = await api.deps.jobs.enqueue(deleteFinishedJobsJob(api.deps.pool), { olderThanDays: 30 });
    await expect(as(api, user.token, jobs.getJob, { params: { id: other.id } })).rejects.toMatchObject({ status: 404 });
  });

  it("answers searches with the share done while it builds, then with matches", async () => {
    // The descriptor, held at its first picture until the test lets it go: the build is surely running.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: ImageEmbedder = { ...descriptorEmbedder, embed: async (raster) => { await gate; return descriptorEmbedder.embed(raster); } };
    // New items, so this build has pictures to index after the job above.
    await seedCatalog(api.deps.pool, [{ name: "Index Build Supplier Two" }], [0, 1, 2].map((n) => ({ supplier: 0, title: `Index build late item ${n}`, imageSeed: 7200 + n, imageColor: "#2e8b57" })));
    const build = buildImageIndex(api.deps.pool, api.deps.log, { embedder: held });
    expect(buildImageIndex(api.deps.pool, api.deps.log, { embedder: held })).toBe(build);

    const imageUrl = itemImageDataUrl({ imageSeed: 7100, imageColor: "#8a2be2", kind: "box" });
    const waiting = await as(api, user.token, marketplace.searchByImage, { body: { imageUrl, quantity: 20 } });
    expect(waiting.list).toEqual([]);
    expect(waiting.indexing).toMatchObject({ done: 0, share: 0 });
    expect(waiting.indexing!.total).toBeGreaterThanOrEqual(3);

    release();
    expect(await build).toBeGreaterThanOrEqual(3);
    const found = await as(api, user.token, marketplace.searchByImage, { body: { imageUrl, quantity: 20 } });
    expect(found.indexing ?? null).toBeNull();
    expect(found.list[0]!.id).toBe(fx.itemIds[0]);
  });
});
