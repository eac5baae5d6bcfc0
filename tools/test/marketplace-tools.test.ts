import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchasing } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { argsSchemaOf, runContextOf, specByName, toolFromContract, type ApprovalRequest, type ToolDeps } from "../src/index";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const ctx = (token: string) => ({ context: runContextOf({ apiToken: token, apiBaseUrl: api.url }) });
const run = async (name: string, args: Record<string, unknown>, token: string, deps: Partial<ToolDeps> = {}) =>
  JSON.parse(String(await toolFromContract(specByName(name), { apiBaseUrl: api.url, ...deps }).invoke(args, ctx(token))));

async function supplierWithMug(email?: string) {
  const tag = uniq();
  const f = await seedCatalog(api.deps.pool, [{ name: `Tool Test Pottery ${tag}`, countryCode: "PT", region: "EU", moq: 500 }], [{ supplier: 0, title: `Glazed mug ${tag}`, samplePrice: 1200 }]);
  if (email) await api.deps.pool.query("UPDATE suppliers SET contact_email = $1 WHERE id = $2", [email, f.supplierIds[0]]);
  return { tag, supplierId: f.supplierIds[0]!, itemId: f.itemIds[0]! };
}

describe("marketplace tools", () => {
  it("searches suppliers with the screen's filters, and rejects a filter value before any HTTP", async () => {
    const user = await registerUser(api);
    const { tag, supplierId } = await supplierWithMug();
    const found = await run("search_suppliers", { keyword: `Tool Test Pottery ${tag}`, countryCodes: ["PT"], moq: "100_1000" }, user.token);
    expect(found.list.map((s: { id: string }) => s.id)).toContain(supplierId);
    const outside = await run("search_suppliers", { keyword: `Tool Test Pottery ${tag}`, countryCodes: ["PT"], moq: "0_100" }, user.token);
    expect(outside.list.map((s: { id: string }) => s.id)).not.toContain(supplierId);
    expect(argsSchemaOf(specByName("search_suppliers").contract).safeParse({ moq: "UNDER_500" }).success).toBe(false);
  });

  it("never shows the model a card-number field, and pays only after approval", async () => {
    const schema = argsSchemaOf(specByName("pay_sourcing_invoice").contract, specByName("pay_sourcing_invoice"));
    expect(Object.keys(schema.shape).sort()).toEqual(["invoiceId", "paymentMethodId", "promotionCode"]);
    expect(schema.safeParse({ invoiceId: crypto.randomUUID(), card: { number: "4242424242424242" } }).success).toBe(false);

    const user = await registerUser(api);
    const { itemId } = await supplierWithMug();
    const item = await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "SAMPLE", addToCart: true } });
    const unattended = await run("pay_sourcing_invoice", { invoiceId: item.invoiceId }, user.token);
    expect(unattended.declined).toBe(true);
    // No card on file: the tool explains before asking (issue 15, item 3), so no approval is shown that could not succeed.
    const asked: ApprovalRequest[] = [];
    const noCard = await run("pay_sourcing_invoice", { invoiceId: item.invoiceId }, user.token, { interrupt: (p) => (asked.push(p), true) });
    expect(noCard.error).toMatchObject({ status: 409 });
    expect(asked).toEqual([]);
    expect((await as(api, user.token, purchasing.getCreatorOrderItem, { params: { id: item.id } })).status).toBe("IN_SHOPPING_CART");
  });

  it("puts a sample in the cart only after approval, naming the product, supplier and price", async () => {
    const user = await registerUser(api);
    const { tag, itemId } = await supplierWithMug();
    const cartRows = async () => (await api.deps.pool.query("SELECT kind, status, quantity FROM creator_order_items WHERE store_id = $1 ORDER BY created_at", [user.store.id])).rows;
    const sample = { catalogItemId: itemId, kind: "SAMPLE", quantity: 2, addToCart: true };

    // A run that cannot ask (no interrupt) and a "no" both leave the cart untouched.
    expect((await run("create_order_item", sample, user.token)).declined).toBe(true);
    const declined = await run("create_order_item", sample, user.token, { interrupt: () => ({ approved: false, reason: "too pricey" }) });
    expect(declined.message).toContain("too pricey");
    expect(await cartRows()).toEqual([]);

    const asked: ApprovalRequest[] = [];
    const added = await run("create_order_item", sample, user.token, { interrupt: (p) => (asked.push(p), true) });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: "approval", tool: "create_order_item", args: sample });
    expect(asked[0]!.summary).toBe(`Add 2 samples of Glazed mug ${tag} (Tool Test Pottery ${tag}) at $12.00 each to the cart. Nothing is charged until the cart is paid; paid sample and production orders are not refundable.`);
    expect(added).toMatchObject({ status: "IN_SHOPPING_CART", quantity: 2, totalCents: 2400 });

    // An order that stays out of the cart is a draft: no approval asked.
    const draft = await run("create_order_item", { catalogItemId: itemId, kind: "SAMPLE" }, user.token, { interrupt: (p) => (asked.push(p), true) });
    expect(draft.status).toBe("NOT_PURCHASED");
    expect(asked).toHaveLength(1);

    // Carting it later asks too, and a "no" keeps it out of the cart.
    expect((await run("add_to_cart", { orderItemIds: [draft.id] }, user.token, { interrupt: () => false })).declined).toBe(true);
    expect((await as(api, user.token, purchasing.getCreatorOrderItem, { params: { id: draft.id } })).status).toBe("NOT_PURCHASED");
    const carted = await run("add_to_cart", { orderItemIds: [draft.id] }, user.token, { interrupt: (p) => (asked.push(p), true) });
    expect(asked[1]!.summary).toBe(`Add Glazed mug ${tag} (sample, 1 × $12.00) to the cart. Nothing is charged until the cart is paid; paid sample and production orders are not refundable.`);
    expect(carted.items.map((i: { id: string }) => i.id)).toContain(draft.id);
    expect(await cartRows()).toEqual([
      { kind: "SAMPLE", status: "IN_SHOPPING_CART", quantity: 2 },
      { kind: "SAMPLE", status: "IN_SHOPPING_CART", quantity: 1 },
    ]);
  });

  it("takes a line out of the cart and sets a shipping address on a sourcing invoice", async () => {
    const user = await registerUser(api);
    const { itemId } = await supplierWithMug();
    await run("create_order_item", { catalogItemId: itemId, kind: "SAMPLE", quantity: 2, addToCart: true }, user.token, { interrupt: () => true });
    const cart = await run("get_cart", {}, user.token);
    expect(cart.invoice.totalCents).toBe(2400);
    const address = await run("set_invoice_shipping_address", { id: cart.invoice.id, name: "Ada Lovelace", line1: "1 Market St", city: "San Francisco", state: "CA", postalCode: "94105", countryCode: "us" }, user.token);
    expect(address.shippingAddress).toMatchObject({ name: "Ada Lovelace", countryCode: "US" });
    const after = await run("remove_from_cart", { id: cart.invoice.items[0].id }, user.token);
    expect(after.items).toEqual([]);
    const { rows } = await api.deps.pool.query("SELECT status FROM creator_order_items WHERE store_id = $1", [user.store.id]);
    expect(rows).toEqual([{ status: "NOT_PURCHASED" }]);
  });

  it("favourites a supplier once and removes it by the favourite's id; another store's favourite is a 404", async () => {
    const user = await registerUser(api);
    const other = await registerUser(api);
    const { supplierId } = await supplierWithMug();
    const fav = await run("add_favorite", { kind: "SUPPLIER", targetId: supplierId }, user.token);
    const again = await run("add_favorite", { kind: "SUPPLIER", targetId: supplierId }, user.token);
    expect(again.id).toBe(fav.id);
    expect((await run("remove_favorite", { id: fav.id }, other.token)).error).toMatchObject({ status: 404 });
    expect(await run("remove_favorite", { id: fav.id }, user.token)).toEqual({ deleted: true });
  });
});

describe("custom project tools", () => {
  it("archives with one argument, and submits to the supplier only after approval", async () => {
    const user = await registerUser(api);
    const email = `pottery-${uniq()}@example.com`;
    const { supplierId } = await supplierWithMug(email);
    const draft = await run("create_custom_project", { title: "Logo mugs", supplierId }, user.token);
    expect(draft.formStage).toBe("PREVIEW");
    expect(Object.keys(argsSchemaOf(specByName("archive_custom_project").contract, specByName("archive_custom_project")).shape)).toEqual(["id"]);

    const submit = { id: draft.id, description: "Glazed 12oz mugs with our logo, two colours", quantity: 300, catalogItemType: "RFP_PRODUCT" };
    expect((await run("submit_custom_project", submit, user.token, { interrupt: () => ({ approved: false }) })).declined).toBe(true);
    const outbox = () => api.deps.pool.query("SELECT kind FROM outbox_messages WHERE to_address = $1", [email]).then((r) => r.rows);
    expect(await outbox()).toEqual([]);
    const asked: ApprovalRequest[] = [];
    const submitted = await run("submit_custom_project", submit, user.token, { interrupt: (p) => (asked.push(p), true) });
    expect(submitted).toMatchObject({ formStage: "COMPLETE", quantity: 300 });
    // The approval names the project in words, never its id (issue 15, item 3).
    expect(asked[0]?.summary).not.toContain(draft.id);
    expect(asked[0]?.summary).toContain("custom project");
    expect(await outbox()).toEqual([{ kind: "custom_project_to_supplier" }]);

    const archived = await run("archive_custom_project", { id: draft.id }, user.token);
    expect(archived.isArchived).toBe(true);
    const list = await run("list_custom_projects", {}, user.token);
    expect(list.list.map((p: { id: string }) => p.id)).not.toContain(draft.id);
  });
});
