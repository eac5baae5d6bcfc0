import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourcingAgent as c } from "@atelier/contracts";
import { parseAdditionalDuties, parseTariffLines, readTariffFiles, SHIPPED_DUTIES_FILE, SHIPPED_LINES_FILE } from "../src/data/tariffs/dataset";
import { importTariffFiles } from "../src/services/sourcing-agent/tariff-dataset";
import { as, registerUser, startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const tariff = (query: Record<string, unknown>) => api.client.call(c.getCountryTariff, { query: query as never });

describe("the shipped tariff dataset", () => {
  it("has at least 150 product lines with a source and as-of date, and parses cleanly", () => {
    const files = readTariffFiles(SHIPPED_LINES_FILE, SHIPPED_DUTIES_FILE);
    expect(files.lines.length).toBeGreaterThanOrEqual(150);
    expect(new Set(files.lines.map((l) => `${l.htsCode}/${l.destinationCountry}`)).size).toBe(files.lines.length);
    expect(files.lines.every((l) => l.source && /^\d{4}-\d{2}-\d{2}$/.test(l.asOf) && l.keywords)).toBe(true);
    expect(files.duties.some((d) => d.originCountry === "CN" && d.program.startsWith("Section 301"))).toBe(true);
  });

  it("rejects a bad CSV with the file, line and reason", () => {
    const header = "hts_code,destination_country,description,keywords,general_rate_percent,unit_weight_kg,source,as_of\n";
    expect(() => parseTariffLines(`${header}6912.00.44,US,Mugs,mug,ten,0.3,HTS,2025-01-01\n`)).toThrow(/line 2: "ten" is not a rate/);
    expect(() => parseTariffLines(`${header}69120044,US,Mugs,mug,10,0.3,HTS,2025-01-01\n`)).toThrow(/not an HTS code/);
    expect(() => parseTariffLines("hts_code,description\n")).toThrow(/missing column/);
    expect(() => parseAdditionalDuties("hts_prefix,destination_country,origin_country,program,rate_percent,source,as_of\n6912,US,CN,301,25,USTR,yesterday\n")).toThrow(/as_of/);
  });
});

describe("GET /commons/util/-/country-tariff", () => {
  it("finds the mug line for \"ceramic mugs\" from China with Section 301, and does the arithmetic", async () => {
    const r = await tariff({ product: "ceramic mugs", originCountry: "cn", perUnitPrice: 2.4, quantity: 1000 });
    expect(r).toMatchObject({
      htsCode: "6912.00.44",
      originCountry: { code: "CN", name: "China" },
      destinationCountry: { code: "US" },
      generalRatePercent: 10,
      additionalRatePercent: 25,
      totalRatePercent: 35,
      perUnitPrice: 2.4,
      quantity: 1000,
      asOf: "2025-01-01",
    });
    expect(r.additionalDuties).toEqual([expect.objectContaining({ program: "Section 301 List 3", ratePercent: 25, htsPrefix: "6912" })]);
    // 2.40 × 35% = 0.84 duty; 0.35 kg × $1.20/kg from Asia = 0.42 freight.
    expect(r.dutyPerUnit).toBeCloseTo(0.84, 10);
    expect(r.freightPerUnit).toBeCloseTo(0.42, 10);
    expect(r.landedCostPerUnit).toBeCloseTo(3.66, 10);
    expect(r.totalDuty).toBeCloseTo(840, 10);
    expect(r.totalLandedCost).toBeCloseTo(3660, 10);
    expect(r.source).toMatch(/USITC HTS.*; USTR Section 301/);
    expect(r.freightBasis).toMatch(/0\.35 kg/);
  });

  it("finds the same line for \"coffee mug\", without additional duty from Vietnam", async () => {
    const r = await tariff({ product: "coffee mug", originCountry: "VN" });
    expect(r).toMatchObject({ htsCode: "6912.00.44", totalRatePercent: 10, additionalDuties: [], perUnitPrice: null, dutyPerUnit: null, landedCostPerUnit: null, quantity: 1 });
  });

  it.each([
    ["organic cotton tees", "6109.10.00"],
    ["scented soy candles", "3406.00.00"],
    ["custom mailer boxes", "4819.10.00"],
    ["lipstick", "3304.10.00"],
    ["iphone case", "3926.90.99"],
    ["wireless earbuds", "8518.30.20"],
    ["canvas tote bag", "4202.22.40"],
    ["plush teddy bear", "9503.00.00"],
    ["gold plated jewellery", "7117.19.90"],
    ["hoodie", "6110.20.20"],
  ])("matches %s to %s", async (product, code) => {
    const r = await tariff({ product, originCountry: "CN" });
    expect(r.htsCode).toBe(code);
  });

  it("looks up by HTS code with or without dots, with the MOQ as quantity and my own freight", async () => {
    const r = await tariff({ htsCode: "610910", originCountry: "VN", perUnitPrice: 4, moq: 500, freightPerUnit: 0.3 });
    expect(r).toMatchObject({ htsCode: "6109.10.00", generalRatePercent: 16.5, totalRatePercent: 16.5, quantity: 500, freightPerUnit: 0.3, freightBasis: "Freight per unit as given." });
    expect(r.dutyPerUnit).toBeCloseTo(0.66, 10);
    expect(r.landedCostPerUnit).toBeCloseTo(4.96, 10);
    expect(r.totalLandedCost).toBeCloseTo(2480, 10);
    const dotted = await tariff({ htsCode: "6109.10.00", originCountry: "CN", perUnitPrice: 4 });
    expect(dotted).toMatchObject({ generalRatePercent: 16.5, additionalRatePercent: 7.5, totalRatePercent: 24 });
    expect(dotted.dutyPerUnit).toBeCloseTo(0.96, 10);
  });

  it("classifies by construction, fibre and value: knit tees, wool sweaters, silk scarves, handbags under $20", async () => {
    // Knitted T-shirts (6109), not woven shirts (6205): 16.5 % + 7.5 % Section 301 from China.
    expect(await tariff({ product: "cotton t-shirts", originCountry: "CN" })).toMatchObject({ htsCode: "6109.10.00", totalRatePercent: 24 });
    expect(await tariff({ product: "cotton button-down shirts", originCountry: "VN" })).toMatchObject({ htsCode: "6205.20.20" });
    expect(await tariff({ product: "wool sweaters", originCountry: "PE" })).toMatchObject({ htsCode: "6110.11.00", totalRatePercent: 16 });
    expect(await tariff({ product: "silk scarves", originCountry: "IN" })).toMatchObject({ htsCode: "6214.10.10" });
    // Value brackets follow the unit price given.
    expect(await tariff({ product: "leather handbags", originCountry: "IN", perUnitPrice: 18 })).toMatchObject({ htsCode: "4202.21.30", generalRatePercent: 10, dutyPerUnit: 1.8 });
    expect(await tariff({ product: "leather handbags", originCountry: "IN", perUnitPrice: 45 })).toMatchObject({ htsCode: "4202.21.60", generalRatePercent: 9 });
    // Faux leather is plastic at the border.
    expect(await tariff({ product: "vegan leather handbags", originCountry: "VN" })).toMatchObject({ htsCode: "4202.22.15" });
  });

  it("charges no import duty when the goods are made in the destination country", async () => {
    const r = await tariff({ product: "ceramic mugs", originCountry: "US", perUnitPrice: 5 });
    expect(r).toMatchObject({ totalRatePercent: 0, additionalDuties: [], dutyPerUnit: 0 });
    expect(r.freightBasis).toMatch(/domestic/);
  });

  it("is public and also answers a logged-in user", async () => {
    const user = await registerUser(api);
    await expect(as(api, user.token, c.getCountryTariff, { query: { product: "candle", originCountry: "CN" } })).resolves.toMatchObject({ htsCode: "3406.00.00" });
    const anon = await api.raw("GET", "/commons/util/-/country-tariff?product=candle&originCountry=IN");
    expect(anon.status).toBe(200);
  });

  it("answers 400 naming the field and 404 for unknown products, codes and destinations", async () => {
    const none = await api.raw("GET", "/commons/util/-/country-tariff?originCountry=CN");
    expect(none.status).toBe(400);
    expect(none.body.details[0].field).toBe("query.product");
    const noOrigin = await api.raw("GET", "/commons/util/-/country-tariff?product=mug");
    expect(noOrigin.body.details[0].field).toBe("query.originCountry");
    const badCountry = await api.raw("GET", "/commons/util/-/country-tariff?product=mug&originCountry=ZZ");
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.details[0].field).toBe("query.originCountry");
    const badPrice = await api.raw("GET", "/commons/util/-/country-tariff?product=mug&originCountry=CN&perUnitPrice=cheap");
    expect(badPrice.body.details[0].field).toBe("query.perUnitPrice");
    const badCode = await api.raw("GET", "/commons/util/-/country-tariff?htsCode=mug&originCountry=CN");
    expect(badCode.body.details[0].field).toBe("query.htsCode");
    await expect(tariff({ product: "qqxzv wwkjh", originCountry: "CN" })).rejects.toMatchObject({ status: 404 });
    await expect(tariff({ htsCode: "0101.99", originCountry: "CN" })).rejects.toMatchObject({ status: 404 });
    const germany = await api.raw("GET", "/commons/util/-/country-tariff?product=mug&originCountry=CN&destinationCountry=DE");
    expect(germany.status).toBe(404);
    expect(germany.body.message).toMatch(/known for imports into US/);
  });
});

describe("importing tariff updates", () => {
  it("applies a newer CSV, ignores an older one, and imports a file once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tariffs-"));
    const word = `zqimport${crypto.randomBytes(4).toString("hex").replace(/\d/g, "x")}`;
    const code = `9899.${String(crypto.randomInt(10, 99))}.${String(crypto.randomInt(10, 99))}`;
    const header = "hts_code,destination_country,description,keywords,general_rate_percent,unit_weight_kg,source,as_of\n";
    const write = (name: string, rate: number, asOf: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, `${header}${code},US,"Test gadget, ${word}",${word},${rate},0.5,Test source ${asOf},${asOf}\n`);
      return file;
    };
    const first = await importTariffFiles(api.deps.pool, readTariffFiles(write("a.csv", 4, "2025-06-01"), null));
    expect(first).toMatchObject({ lines: 1, skipped: false });
    expect(await tariff({ product: word, originCountry: "MX" })).toMatchObject({ htsCode: code, generalRatePercent: 4, asOf: "2025-06-01" });

    await importTariffFiles(api.deps.pool, readTariffFiles(write("b.csv", 6, "2025-09-01"), null));
    expect(await tariff({ product: word, originCountry: "MX" })).toMatchObject({ generalRatePercent: 6, asOf: "2025-09-01", source: "Test source 2025-09-01" });

    const older = await importTariffFiles(api.deps.pool, readTariffFiles(write("c.csv", 1, "2024-01-01"), null));
    expect(older.lines).toBe(0);
    expect((await tariff({ product: word, originCountry: "MX" })).generalRatePercent).toBe(6);

    const again = await importTariffFiles(api.deps.pool, readTariffFiles(path.join(dir, "b.csv"), null));
    expect(again.skipped).toBe(true);
  });
});
