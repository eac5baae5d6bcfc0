import type { ResponseOf, marketplace } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { findCountry } from "../../data/countries";
import { notFound } from "../../errors";
import { categoriesByIds } from "../../queries/marketplace/categories";
import { findFavoriteId } from "../../queries/marketplace/favorites";
import { listReviewRows, reviewSummaryRow } from "../../queries/marketplace/reviews";
import { searchItemRows } from "../../queries/marketplace/search";
import { suppliersByIds } from "../../queries/marketplace/suppliers";
import { toCategory, toItem, toReview, toSupplier } from "./dto";

type Profile = ResponseOf<typeof marketplace.getSupplierProfile>;

/** A supplier's profile with its four tabs; favoriteId is the caller store's (null when public). */
export async function getSupplierProfile(ctx: RequestContext, id: string, sizes: { productsSize: number; reviewsSize: number } = { productsSize: 12, reviewsSize: 10 }): Promise<Profile> {
  const storeId = ctx.auth?.storeId ?? null;
  const base = await readProfile(ctx.pool, id, sizes, storeId);
  return { ...base, favoriteId: storeId ? await findFavoriteId(ctx.pool, storeId, "SUPPLIER", id) : null };
}

/** The same profile for the public preview page: no store data at all. */
export async function getPublicSupplierProfile(ctx: RequestContext, id: string): Promise<Omit<Profile, "favoriteId">> {
  return readProfile(ctx.pool, id, { productsSize: 12, reviewsSize: 10 }, null);
}

async function readProfile(db: Queryable, id: string, sizes: { productsSize: number; reviewsSize: number }, storeId: string | null): Promise<Omit<Profile, "favoriteId">> {
  const [row] = await suppliersByIds(db, [id]);
  if (!row) throw notFound("The supplier");
  const supplier = toSupplier(row);
  const products = await searchItemRows(db, { supplierId: id, sort: "-rank" }, { limit: sizes.productsSize, offset: 0 });
  const reviews = await listReviewRows(db, id, { limit: sizes.reviewsSize, offset: 0 });
  const summary = await reviewSummaryRow(db, id);
  const categories = await categoriesByIds(db, row.category_ids);
  return {
    supplier,
    tabs: {
      PROFILE_INFO: { description: row.description, city: row.city, countryCode: row.country_code, countryName: findCountry(row.country_code)?.name ?? row.country_code, foundedYear: row.founded_year, employeeCount: row.employee_count, website: row.website, certifications: row.certifications },
      BASE_PRODUCTS: { list: products.rows.map(toItem), total: products.total, page: 0, size: sizes.productsSize },
      CAPABILITIES: {
        capabilities: row.capabilities,
        categories: categories.map(toCategory),
        moq: row.moq,
        productionDaysMin: row.production_days_min,
        productionDaysMax: row.production_days_max,
        samplePriceMinCents: row.sample_price_min_cents,
        samplePriceMaxCents: row.sample_price_max_cents,
        orderVolumeUnits: row.order_volume_units,
        tariffRatePercent: supplier.tariffRatePercent,
      },
      REVIEWS: { summary: { supplierId: id, ...summary }, list: reviews.rows.map((r) => toReview(r, storeId)) },
    },
  };
}
