import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { projects, purchasing, team } from "@atelier/contracts";
import { as, registerUser, setPlan, type TestApi, type TestUser } from "../../api/test/harness";
import { seedCatalog, type CatalogFixture } from "../../api/test/marketplace-fixtures";
import { ROUTES } from "../src/routes/route-table";
import { itemImageSvg } from "../../api/src/images/item-image";
import { rasterizeSvg } from "../../api/src/images/svg";
import { encodePng } from "../../api/src/images/codec";
import { launchBrowser, madeUpWord, pageAs, skipSourcingTours, startWebApi, releaseBrowser } from "./browser";

// Every route of the route table, logged out (public routes) and logged in (the rest), at a desktop
// window and a phone: no page may scroll sideways, and nothing in the page's content may stick out
// past the window unless it sits inside something that scrolls on its own (a card row, a table
// wrapper). Parameterised routes get real ids: a supplier with a long website and certifications,
// an item with a full "Similar products" row, an invoice, a custom project. One browser; one page
// per viewport and session moves between routes in the app (no reloads), so the sweep stays short.

let api: TestApi;
let browser: Browser;
let fx: CatalogFixture;
let owner: TestUser;
let invoice: { id: string; sn: string };
let rfpId: string;

const word = madeUpWord("zo");
const VIEWPORTS = [{ width: 1400, height: 900 }, { width: 390, height: 844 }];

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
  const supplierNames = [`${word} Guangzhou Precision Packaging Manufacturing Company Limited`, `${word} Porto Knitwear`, `${word} Izmir Organic Textiles`];
  fx = await seedCatalog(
    api.deps.pool,
    supplierNames.map((name, n) => ({ name, countryCode: "PT", region: "EU", isOnline: n !== 1, expanded: true, capabilities: ["screen printing", "embroidery", "organic cotton", "GOTS certified dyeing"] })),
    Array.from({ length: 30 }, (_, n) => ({ supplier: n % 3, title: `${word} heavyweight organic cotton crewneck T-shirt with reinforced shoulder seams ${n}`, description: "A long description. ".repeat(30) })),
  );
  await api.deps.pool.query(
    "UPDATE suppliers SET website = $2, certifications = $3 WHERE id = ANY($1::uuid[])",
    [fx.supplierIds, `https://www.${word}-guangzhou-precision-packaging-manufacturing.example.com/en/about-us/factory-tour`, ["GOTS", "OEKO-TEX Standard 100", "BSCI", "ISO 9001:2015"]],
  );
  owner = await registerUser(api, { storeName: `${word} Very Long Store Name For A Small Creator Business` });
  await setPlan(api, owner.store.id, "TIER_3");
  await skipSourcingTours(api, owner);
  for (let n = 0; n < 3; n++) {
    await as(api, owner.token, team.createTeamMemberInvite, { body: { email: `${word}-team-member-with-a-long-address-${n}@example.com`, role: "CX" } }, crypto.randomUUID());
  }
  for (const itemId of fx.itemIds.slice(0, 3)) {
    await as(api, owner.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "SAMPLE", quantity: 1, addToCart: true } }, crypto.randomUUID());
  }
  const cart = await as(api, owner.token, purchasing.listShoppingCartOrders, {});
  invoice = { id: cart.invoice!.id, sn: cart.invoice!.sn };
  rfpId = (await as(api, owner.token, projects.createCreatorProject, { body: { title: `${word} custom tote bag with a very long project name` } })).id;
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

/** The route's path with real ids (or a stand-in where the screen is pending). */
function concrete(path: string): string {
  const ids: Record<string, string> = {
    itemId: fx.itemIds[0]!, supplierId: fx.supplierIds[0]!, invoiceId: invoice.id, sn: invoice.sn, rfpId,
  };
  return path.replace(/:(\w+)\??/g, (_, name: string) => ids[name] ?? "sample-1");
}

/** What sticks out past the window: the page's own sideways scroll, and content elements outside it that no scrolling box holds. */
function overflowAt(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > width) found.push(`the page scrolls sideways: ${scroller.scrollWidth} px in ${width}`);
    const main = document.querySelector("main");
    if (!main) return found;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== main.parentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== "visible") return true;
      }
      return false;
    };
    for (const el of main.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      if (r.right <= width + 1 && r.left >= -1) continue;
      if (clipped(el)) continue;
      const style = getComputedStyle(el);
      if (style.position === "fixed" || style.visibility === "hidden") continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
      found.push(`${name} "${(el.textContent ?? "").trim().slice(0, 40)}" spans ${Math.round(r.left)}–${Math.round(r.right)} px`);
      if (found.length > 5) break;
    }
    // Content wider than its own box spills over its neighbours (a long link over the next fact)
    // even inside the window: a box that does not scroll must hold what it shows.
    for (const el of main.querySelectorAll("*")) {
      if (found.length > 8) break;
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" || style.display === "inline" || style.display === "contents" || !el.clientWidth) continue;
      if (el.scrollWidth <= el.clientWidth + 1 || clipped(el)) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
      found.push(`${name} "${(el.textContent ?? "").trim().slice(0, 40)}" holds ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    return found;
  });
}

/** Moves the app to the path without a reload (as a link would) and waits until its requests are answered and it shows no loading line. */
async function visit(page: Page, inFlight: { count: number }, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForFunction(() => !document.querySelector(".loading"), undefined, { timeout: 15_000 });
  // Settled: no request in flight at two looks in a row (a screen that keeps one open is looked at after 5 s).
  for (let quiet = 0, looks = 0; quiet < 2 && looks < 125; looks++) {
    await page.waitForTimeout(40);
    quiet = inFlight.count <= 0 ? quiet + 1 : 0;
  }
  // Lazy pictures below the fold never load here; their boxes are sized by the styles anyway.
  await page.evaluate(() => Promise.all([...document.images].filter((img) => !img.complete && img.loading !== "lazy").map((img) => new Promise((done) => { img.onload = img.onerror = done; }))));
}

/** A page that counts its own requests in flight, opened on the app. */
async function sweepPage(user: TestUser | null, viewport: { width: number; height: number }) {
  const page = await pageAs(browser, user);
  await page.setViewportSize(viewport);
  const inFlight = { count: 0 };
  page.on("request", () => inFlight.count++);
  page.on("requestfinished", () => inFlight.count--);
  page.on("requestfailed", () => inFlight.count--);
  await page.goto(`${api.url}/404`);
  return { page, inFlight };
}

describe("every route fits the window", () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: nothing scrolls or sticks out sideways, logged out and logged in`, async () => {
      const problems: Record<string, string[]> = {};
      const publicPaths = ROUTES.filter((r) => r.access === "public").map((r) => concrete(r.path));
      const userPaths = [...ROUTES.filter((r) => r.access !== "public").map((r) => concrete(r.path))];
      for (const [user, paths] of [[null, publicPaths], [owner, [...userPaths, ...publicPaths]]] as const) {
        const { page, inFlight } = await sweepPage(user, viewport);
        for (const path of paths) {
          const started = Date.now();
          await visit(page, inFlight, path);
          if (process.env.ROUTE_SWEEP_TRACE) console.log(viewport.width, path, Date.now() - started, inFlight.count);
          const found = await overflowAt(page);
          if (found.length) problems[`${user ? "logged in" : "logged out"} ${path}`] = found;
        }
        await page.context().close();
      }
      expect(problems).toEqual({});
    }, 180_000);
  }
});

describe("the image search's results", () => {
  it("shows the searched picture small and the matches 24 at a time", async () => {
    const page = await pageAs(browser, owner);
    await page.setViewportSize(VIEWPORTS[0]!);
    const png = await encodePng(rasterizeSvg(itemImageSvg({ imageSeed: 3, imageColor: "#336699" })));
    const picture = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
    await page.goto(`${api.url}/browse-suppliers-with-uploaded-image?imageUrl=${encodeURIComponent(picture)}`);
    await page.getByText("Show more").waitFor({ timeout: 60_000 });
    const box = await page.getByAltText("Your picture").boundingBox();
    expect(box).toMatchObject({ width: 160, height: 160 });
    expect(await page.getByTestId("item-card").count()).toBe(24);
    await page.getByText("Show more").click();
    expect(await page.getByTestId("item-card").count()).toBeGreaterThan(24);
    await page.context().close();
  }, 90_000);
});
