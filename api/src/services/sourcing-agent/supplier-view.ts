import type { sourcingAgent } from "@atelier/contracts";
import type { OutreachRow } from "../../queries/sourcing-agent/outreach";
import type { SupplierRow } from "../../queries/marketplace/supplier-matching";

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function toMatchedSupplier(r: SupplierRow): sourcingAgent.MatchedSupplier {
  return {
    id: r.id,
    name: r.name,
    countryCode: r.country_code,
    region: r.region,
    city: r.city,
    capabilities: r.capabilities,
    moq: r.moq,
    samplePriceMin: r.sample_price_min_cents == null ? null : r.sample_price_min_cents / 100,
    productionDaysMin: r.production_days_min,
    productionDaysMax: r.production_days_max,
    averageReview: Number(r.average_review),
    similarity: round4(r.similarity ?? 0),
  };
}

export function toExpandedRecord(r: SupplierRow): sourcingAgent.ExpandedNetworkRecord {
  return {
    id: r.id,
    name: r.name,
    countryCode: r.country_code,
    region: r.region,
    city: r.city,
    website: r.website,
    contactEmail: r.contact_email,
    phoneNumber: r.phone_number,
    capabilities: r.capabilities,
    moq: r.moq,
    similarity: r.similarity == null ? null : round4(r.similarity),
  };
}

export function toOutreach(r: OutreachRow): sourcingAgent.Outreach {
  return {
    id: r.id,
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    network: r.network,
    toEmail: r.to_email,
    status: r.status,
    subject: r.subject,
    message: r.message,
    techPackId: r.tech_pack_id,
    techPackVersion: r.tech_pack_version,
    createdAt: r.created_at.toISOString(),
  };
}
