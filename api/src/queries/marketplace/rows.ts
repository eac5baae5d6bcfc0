

// The supplier and catalog item rows every marketplace read answers.

export const SUPPLIER_COLUMNS = `s.id, s.name, s.slug, s.country_code, s.region, s.city, s.description, s.capabilities, s.certifications,
  s.category_ids, s.primary_vertical, s.employee_count, s.founded_year, s.moq, s.sample_price_min_cents, s.sample_price_max_cents,
  s.production_days_min, s.production_days_max, s.order_volume_units, s.production_min_price_cents, s.tariff_rate_percent, s.rank,
  s.enabled_at, s.first_enabled_at, s.is_online, s.last_online_at, s.average_review, s.review_count, s.is_expanded_network,
  s.avatar_color, s.website`;

export const ITEM_COLUMNS = `i.id, i.supplier_id, s.name AS supplier_name, s.country_code AS supplier_country_code, i.type, i.title, i.description,
  i.vertical_id, i.group_id, i.subgroup_id, i.materials, i.colors, i.price_min_cents, i.price_max_cents, i.moq, i.sample_price_cents,
  i.production_days_min, i.production_days_max, i.image_urls, i.image_seed, i.image_color, i.is_sample_kit, i.rank, i.ranked_at, i.enabled_at, i.first_enabled_at`;

export type SupplierRow = {
  id: string; name: string; slug: string; country_code: string; region: string; city: string; description: string;
  capabilities: string[]; certifications: string[]; category_ids: number[]; primary_vertical: string; employee_count: number;
  founded_year: number | null; moq: number | null; sample_price_min_cents: number | null; sample_price_max_cents: number | null;
  production_days_min: number; production_days_max: number; order_volume_units: number; production_min_price_cents: number | null;
  tariff_rate_percent: number; rank: number; enabled_at: Date | null; first_enabled_at: Date | null; is_online: boolean;
  last_online_at: Date | null; average_review: number; review_count: number; is_expanded_network: boolean; avatar_color: string;
  website: string | null; score?: number | null; total?: number;
};

export type ItemRow = {
  id: string; supplier_id: string; supplier_name: string; supplier_country_code: string; type: string; title: string; description: string;
  vertical_id: number; group_id: number | null; subgroup_id: number | null; materials: string[]; colors: string; price_min_cents: number | null;
  price_max_cents: number | null; moq: number | null; sample_price_cents: number | null; production_days_min: number; production_days_max: number;
  image_urls: string[]; image_seed: number; image_color: string; is_sample_kit: boolean; rank: number; ranked_at: Date | null;
  enabled_at: Date | null; first_enabled_at: Date | null; score?: number | null; total?: number;
};

export type Page = { limit: number; offset: number };
