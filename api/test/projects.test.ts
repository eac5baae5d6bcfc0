import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projects, ApiError } from "@atelier/contracts";
import { CUSTOM_PROJECT_HINTS } from "@atelier/contracts/projects";
import { INTERNAL_NOTIFY_ADDRESSES } from "../src/providers/outbox";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createSupplier } from "../../test/factories/suppliers";
import { previewStore } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

function seedSupplier(email: string | null) {
  const tag = crypto.randomUUID().slice(0, 8);
  return createSupplier(api, { name: `Projects Test Supplier ${tag}`, countryCode: "VN", employees: 60, productionDaysMin: 10, productionDaysMax: 30, contactEmail: email, enabled: true });
}

async function expectError(promise: Promise<unknown>, status: number, field?: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  if (field) expect((err as ApiError).details?.[0]?.field).toBe(field);
  return err as ApiError;
}

const future = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const complete = { title: "Organic tote bag", catalogItemType: "RFP_PRODUCT" as const, description: "A heavy canvas tote with our logo printed on one side.", quantity: 500, targetCompletionDate: future };

async function outboxFor(projectId: string) {
  const { rows } = await api.deps.pool.query(`SELECT to_address, kind, body FROM outbox_messages WHERE payload->>'projectId' = $1 ORDER BY to_address`, [projectId]);
  return rows;
}

describe("the projects list (001 §4)", () => {
  it("opens an empty project when none is active, the same one again, and a new one after archiving", async () => {
    const user = await registerUser(api);
    const first = await as(api, user.token, projects.openCreatorProject, {});
    expect(first.created).toBe(true);
    expect(first.project).toMatchObject({ formStage: "PREVIEW", title: "", isArchived: false, colorEntries: [] });
    const again = await as(api, user.token, projects.openCreatorProject, {});
    expect(again).toMatchObject({ created: false, project: { id: first.project!.id } });
    const archived = await as(api, user.token, projects.updateCreatorProject, { params: { id: first.project!.id }, body: { isArchived: true } });
    expect(archived.isArchived).toBe(true);
    expect((await as(api, user.token, projects.listCreatorProjects, {})).total).toBe(0);
    expect((await as(api, user.token, projects.listCreatorProjects, { query: { includeArchived: "true" } })).total).toBe(1);
    const next = await as(api, user.token, projects.openCreatorProject, {});
    expect(next.created).toBe(true);
    expect(next.project!.id).not.toBe(first.project!.id);
  });

  it("creates and updates drafts, with colours parsed and validated", async () => {
    const user = await registerUser(api);
    const draft = await as(api, user.token, projects.createCreatorProject, { body: { title: "Mailer box", catalogItemType: "RFP_PACKAGING", colors: "Kraft|#c8a165|matte; Black|#000000|" } });
    expect(draft).toMatchObject({ formStage: "PREVIEW", colors: "Kraft|#C8A165|matte;Black|#000000|", colorEntries: [{ name: "Kraft", hex: "#C8A165", variant: "matte" }, { name: "Black", hex: "#000000", variant: "" }] });
    const updated = await as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { formStage: "FORM", quantity: 1000, printDetail: "Outside only" } });
    expect(updated).toMatchObject({ formStage: "FORM", quantity: 1000, printDetail: "Outside only", title: "Mailer box" });
    const bad = await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { colors: "Red|#FF00|gloss" } }), 400, "body.colors");
    expect(bad.details?.[0]?.reason).toMatch(/entry 1 .*#RRGGBB/);
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { colors: "Red" } }), 400, "body.colors");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { colors: "|#FF0000|" } }), 400, "body.colors");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { catalogItemType: "PRODUCT" as "RFP_PRODUCT" } }), 400, "body.catalogItemType");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { targetCompletionDate: "2030-02-31" } }), 400, "body.targetCompletionDate");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { supplierId: crypto.randomUUID() } }), 400, "body.supplierId");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { attachments: ["mailto:x@example.com"] } }), 400, "body.attachments.0");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: {} as never }), 400, "body");
  });

  it("exposes the hint texts of 000 §5 in a GET and in the contract descriptions", async () => {
    const user = await registerUser(api);
    expect(await as(api, user.token, projects.getCustomProjectHints, {})).toEqual(CUSTOM_PROJECT_HINTS);
    expect(CUSTOM_PROJECT_HINTS.printDetail).toMatch(/inside and outside costs more/);
    expect(CUSTOM_PROJECT_HINTS.quantity).toMatch(/More units lower the cost/);
    const doc = (await api.raw("GET", "/openapi.json")).body;
    expect(JSON.stringify(doc)).toContain(CUSTOM_PROJECT_HINTS.packagingMaterial.replace(/"/g, '\\"').slice(0, 40));
  });
});

describe("submitting a custom project (POST /web/project-management)", () => {
  it("requires the essentials, then notifies the chosen supplier and locks the project", async () => {
    const user = await registerUser(api);
    const supplierEmail = `rfp-${crypto.randomUUID().slice(0, 8)}@factory.example.com`;
    const supplierId = await seedSupplier(supplierEmail);
    await expectError(as(api, user.token, projects.saveCustomProject, { body: { formStage: "COMPLETE", title: "Tote" } }), 400, "body.description");
    const draft = await as(api, user.token, projects.saveCustomProject, { body: { formStage: "FORM", ...complete, quantity: null, supplierId } });
    expect(draft.formStage).toBe("FORM");
    expect(draft.supplierName).toMatch(/^Projects Test Supplier /);
    expect((await as(api, user.token, projects.listCreatorProjects, { query: {} })).list.find((row) => row.id === draft.id)?.supplierName).toBe(draft.supplierName);
    await expectError(as(api, user.token, projects.saveCustomProject, { body: { id: draft.id, formStage: "COMPLETE" } }), 400, "body.quantity");
    await expectError(as(api, user.token, projects.saveCustomProject, { body: { id: draft.id, formStage: "COMPLETE", quantity: 10, targetCompletionDate: "2020-01-01" } }), 400, "body.targetCompletionDate");
    expect((await as(api, user.token, projects.getCreatorProject, { params: { id: draft.id } })).formStage).toBe("FORM");
    const submitted = await as(api, user.token, projects.saveCustomProject, { body: { id: draft.id, formStage: "COMPLETE", quantity: 500 } });
    expect(submitted).toMatchObject({ formStage: "COMPLETE", quantity: 500, supplierId });
    expect(submitted.submittedAt).not.toBeNull();
    const mail = await outboxFor(draft.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: supplierEmail, kind: "custom_project_to_supplier" });
    expect(mail[0].body).toContain("Organic tote bag");
    await expectError(as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { title: "Changed" } }), 409);
    await expectError(as(api, user.token, projects.saveCustomProject, { body: { id: draft.id, formStage: "FORM" } }), 409);
    expect((await as(api, user.token, projects.updateCreatorProject, { params: { id: draft.id }, body: { isArchived: true } })).isArchived).toBe(true);
  });

  it("sends requests without a supplier to the sourcing team, and packaging needs its material", async () => {
    const user = await registerUser(api);
    await expectError(as(api, user.token, projects.saveCustomProject, { body: { formStage: "COMPLETE", ...complete, catalogItemType: "RFP_PACKAGING" } }), 400, "body.packagingMaterial");
    const p = await as(api, user.token, projects.saveCustomProject, { body: { formStage: "COMPLETE", ...complete, colors: "Navy|#1F2A44|" } });
    const mail = await outboxFor(p.id);
    expect(mail.map((m) => m.to_address)).toEqual([...INTERNAL_NOTIFY_ADDRESSES].sort());
    expect(mail[0].kind).toBe("custom_project_to_sourcing_team");
    expect(mail[0].body).toContain(user.store.id);
  });
});

describe("access to projects", () => {
  it("needs a login and blocks preview writes", async () => {
    expect((await api.raw("GET", "/web/creator-projects")).status).toBe(401);
    expect((await api.raw("POST", "/web/project-management", { body: { formStage: "FORM" } })).status).toBe(401);
    const preview = await previewStore(api);
    const err = await expectError(as(api, preview.token, projects.createCreatorProject, { body: { title: "x" } }), 403);
    expect(err.code).toBe("PREVIEW_MODE");
    await expectError(as(api, preview.token, projects.saveCustomProject, { body: { formStage: "FORM" } }), 403);
    expect(await as(api, preview.token, projects.openCreatorProject, {})).toEqual({ project: null, created: false });
  });

  it("never shows or changes another store's project, nor attaches its uploads", async () => {
    const owner = await registerUser(api);
    const other: TestUser = await registerUser(api);
    const p = await as(api, owner.token, projects.createCreatorProject, { body: { title: "Secret" } });
    await expectError(as(api, other.token, projects.getCreatorProject, { params: { id: p.id } }), 404);
    await expectError(as(api, other.token, projects.updateCreatorProject, { params: { id: p.id }, body: { isArchived: true } }), 404);
    await expectError(as(api, other.token, projects.saveCustomProject, { body: { id: p.id, formStage: "FORM", title: "Mine" } }), 404);
    expect((await as(api, other.token, projects.listCreatorProjects, {})).total).toBe(0);
    const { rows } = await api.deps.pool.query(
      `INSERT INTO uploads (store_id, storage_key, file_name, extension, content_type, attachment_type, size_bytes) VALUES ($1, $2, 'a.png', 'png', 'image/png', 'IMAGE', 1) RETURNING id`,
      [owner.store.id, `test/${crypto.randomUUID()}.png`],
    );
    const url = `/rest/main/upload/files/${rows[0].id}/a.png`;
    await expectError(as(api, other.token, projects.createCreatorProject, { body: { attachments: [url] } }), 400, "body.attachments.0");
    const own = await as(api, owner.token, projects.updateCreatorProject, { params: { id: p.id }, body: { attachments: [url, "https://example.com/brief.pdf"] } });
    expect(own.attachments).toEqual([url, "https://example.com/brief.pdf"]);
    expect((await as(api, owner.token, projects.getCreatorProject, { params: { id: p.id } })).title).toBe("Secret");
  });
});
