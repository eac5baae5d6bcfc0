/**
 * Renames folders and files to the glossary's one word per domain (docs/glossary.md) and rewrites
 * the imports that pointed at the old places. Replayable: run it again after merging branches that
 * still add or edit files under the old names; moves already done are skipped, and imports that
 * already resolve are left alone.
 *
 *   npx tsx scripts/dev/rename-domains.ts          # moves (git mv) and rewrites
 *   npx tsx scripts/dev/rename-domains.ts --check  # lists what is left to do, changes nothing
 *
 * What it does, in order:
 * 1. `git mv` every tracked file found under an old name (file rules first, then folder rules);
 *    a file arriving later under an old folder (web/src/features/sourcing/new-thing.tsx) follows
 *    its folder.
 * 2. Rewrites import specifiers (import/export from, import(), vi.mock, CSS @import) in every
 *    tracked source file: `@atelier/contracts/catalog` becomes `@atelier/contracts/marketplace`;
 *    a relative specifier that no longer resolves is re-resolved through the moves (from the
 *    file's old place when the file itself moved) and written relative again.
 *    A named import from a module split by hand (queries/catalog.ts, queries/sourcing-agent.ts) is
 *    split into one import per module its names now live in; so is a named import of contracts
 *    that moved out of a domain's file (help centre, uploads).
 * 3. Renames the contracts namespace `catalog` to `marketplace` in files importing it from
 *    `@atelier/contracts` (URL paths are untouched: they are strings in the contracts).
 * 4. Replaces old folder paths named in comments and docs (README, docs/*.md but the append-only
 *    decisions log and the glossary).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const CHECK = process.argv.includes("--check");

/** Old file (repo-relative, with extension) → new file. Checked before folder rules. */
const FILE_MOVES: Record<string, string> = {
  "contracts/src/catalog.ts": "contracts/src/marketplace.ts",
  "api/src/routes/catalog.ts": "api/src/routes/marketplace.ts",
  // One dto.ts per domain (the moved folder's to-dto.ts, from either of its places).
  "api/src/services/catalog/to-dto.ts": "api/src/services/marketplace/dto.ts",
  "api/src/services/marketplace/to-dto.ts": "api/src/services/marketplace/dto.ts",
  "api/test/catalog.test.ts": "api/test/marketplace.test.ts",
  "api/test/catalog-fixtures.ts": "api/test/marketplace-fixtures.ts",
  // Agent tools: one folder per domain, each file named after its export.
  "tools/src/catalog/commons.ts": "tools/src/commons/commons-tools.ts",
  "tools/src/catalog/marketplace.ts": "tools/src/marketplace/marketplace-tools.ts",
  "tools/src/catalog/packaging.ts": "tools/src/marketplace/packaging-tools.ts",
  "tools/src/catalog/visitor.ts": "tools/src/marketplace/visitor-tools.ts",
  "tools/src/catalog/payments.ts": "tools/src/payments/payment-tools.ts",
  "tools/src/catalog/plans.ts": "tools/src/plans/plan-tools.ts",
  "tools/src/catalog/projects.ts": "tools/src/projects/project-tools.ts",
  "tools/src/catalog/purchasing.ts": "tools/src/purchasing/purchasing-tools.ts",
  "tools/src/catalog/sourcing.ts": "tools/src/sourcing/sourcing-tools.ts",
  "tools/src/catalog/stores.ts": "tools/src/stores/store-tools.ts",
  "tools/src/catalog/team.ts": "tools/src/team/team-tools.ts",
  "tools/src/catalog/help-center.ts": "tools/src/help-center/help-center-tools.ts",
  // The web's shared kit, used by marketplace, purchasing, checkout and agents screens.
  "web/src/features/sourcing/cards.tsx": "web/src/ui/cards.tsx",
  "web/src/features/sourcing/card-image.tsx": "web/src/ui/card-image.tsx",
  "web/src/features/sourcing/money.ts": "web/src/ui/money.ts",
  "web/src/features/sourcing/load-more.tsx": "web/src/ui/load-more.tsx",
  "web/src/features/sourcing/use-paged.ts": "web/src/ui/use-paged.ts",
  "web/src/features/sourcing/field-errors.ts": "web/src/ui/field-errors.ts",
  "web/src/features/sourcing/upload.ts": "web/src/ui/upload.ts",
  "web/src/features/sourcing/sourcing.css": "web/src/ui/kit.css",
  // Custom projects (project requests) belong to purchasing's screens (glossary: projects → features/purchasing).
  "web/src/features/sourcing/custom-project-page.tsx": "web/src/features/purchasing/custom-project-page.tsx",
  "web/src/features/sourcing/color-entries.ts": "web/src/features/purchasing/color-entries.ts",
  // Tests named after the old words.
  "web/test/sourcing-checkout.test.tsx": "web/test/checkout.test.tsx",
  "web/test/sourcing-color-entries.test.ts": "web/test/purchasing-color-entries.test.ts",
  "web/test/sourcing-detail-pages.test.tsx": "web/test/marketplace-detail-pages.test.tsx",
  "web/test/sourcing-lists-and-tours.test.tsx": "web/test/marketplace-lists-and-tours.test.tsx",
  "web/test/sourcing-marketplace-state.test.tsx": "web/test/marketplace-state.test.tsx",
  "web/e2e/sourcing-marketplace-screens.test.ts": "web/e2e/marketplace-screens.test.ts",
  "web/e2e/sourcing-inbox-payments.test.ts": "web/e2e/purchasing-payments.test.ts",
};

/** Old folder → new folder, for every file under it not named by a file rule. */
const DIR_MOVES: Record<string, string> = {
  "api/src/services/catalog": "api/src/services/marketplace",
  "web/src/features/sourcing": "web/src/features/marketplace",
  "web/src/features/inbox": "web/src/features/purchasing",
  "web/src/features/help": "web/src/features/help-center",
};

/** Package subpath imports (`@atelier/contracts/*` maps to contracts/src/*.ts) → new. */
const PACKAGE_MOVES: Record<string, string> = {
  "@atelier/contracts/marketplace": "@atelier/contracts/marketplace",
};

/**
 * Modules split by hand into one module per aggregate (old module → new module → its exports): a
 * named import from the old module is split into one import per new module.
 */
const SPLIT_MODULES: Record<string, Record<string, string[]>> = {
  "api/src/queries/catalog": {
    "api/src/queries/marketplace/rows": ["SUPPLIER_COLUMNS", "ITEM_COLUMNS", "SupplierRow", "ItemRow", "Page"],
    "api/src/queries/marketplace/search": ["KEYWORD_WEIGHTS", "SEMANTIC_MIN_SIMILARITY", "TRIGRAM_MIN_SIMILARITY", "SEMANTIC_CANDIDATES", "CUSTOM_WORK_PATTERN", "BRIEF_VERTICALS", "Bucket", "KeywordMatches", "MarketQuery", "Params", "bucketSql", "whereOf", "takesCustomProjectsSql", "orderOf", "groupQueries", "MAX_COVERAGE_COMBINATIONS", "coverageQuery", "keywordCte", "matchCte", "rowsOf", "keywordMatchRows", "searchSupplierRows", "searchItemRows", "runSearch", "countRows", "countItemsByGroup", "autoCompleteRows"],
    "api/src/queries/marketplace/categories": ["CategoryRow", "CATEGORY_COLUMNS", "listCategoryRows", "listChildCategoryRows", "findCategory", "findVerticalCategory", "categoriesByIds"],
    "api/src/queries/marketplace/suppliers": ["suppliersByIds", "suppliersNearVector", "storeTasteVector", "supplierRowsNearVector", "supplierExists", "countryStats"],
    "api/src/queries/marketplace/items": ["itemById", "similarItemRows", "itemsOfSimilarSuppliers", "itemsNearVector", "itemExists", "itemSupplierId", "itemsByIds"],
    "api/src/queries/marketplace/search-log": ["insertDetailView", "SearchLogRow", "insertSearchLogs", "sharedCatalogState", "catalogVersionAndImageSpace"],
    "api/src/queries/marketplace/reviews": ["ReviewRow", "REVIEW_COLUMNS", "listReviewRows", "reviewSummaryRow", "insertReview", "findStoreReview", "updateStoreReview"],
    "api/src/queries/marketplace/favorites": ["FavoriteRow", "listFavoriteRows", "upsertFavorite", "deleteFavorite", "findFavoriteId"],
    "api/src/queries/marketplace/images": ["setImageEmbeddingSpace", "ItemImageSource", "itemsNeedingImageIndex", "upsertItemImages", "itemsNearImage", "countItemsNeedingImageIndex"],
    "api/src/queries/stores": ["findStoreTitle"],
  },
  "api/src/queries/sourcing-agent": {
    "api/src/queries/sourcing-agent/goals": ["GoalRow", "GOAL_COLUMNS", "findGoal", "insertGoal", "updateGoal", "deleteGoal"],
    "api/src/queries/sourcing-agent/tech-packs": ["TechPackRow", "PACK_COLUMNS", "insertTechPack", "findTechPack", "saveTechPackVersion", "listTechPacks", "listTechPackVersions"],
    "api/src/queries/marketplace/supplier-matching": ["SupplierRow", "SUPPLIER_COLUMNS", "MatchFilters", "matchSuppliers", "enableFilteredVectorScan", "findSuppliers", "listExpandedNetwork", "findSupplierByHost"],
    "api/src/queries/sourcing-agent/outreach": ["OutreachRow", "OUTREACH_COLUMNS", "NewOutreach", "insertOutreach", "findOutreach", "setOutreachOutboxId"],
    "api/src/queries/sourcing-agent/invites": ["InviteRow", "insertSupplierInvite", "MySupplierRow", "listMySuppliers"],
    "api/src/queries/sourcing-agent/tariffs": ["tariffImportExists", "upsertTariffLines", "upsertAdditionalDuties", "recordTariffImport", "lockTariffImports", "TariffLineRow", "LINE_COLUMNS", "searchTariffLines", "findTariffLineByCode", "AdditionalDutyRow", "findAdditionalDuties", "tariffDestinations"],
  },
};

/**
 * Contracts moved out of a domain's file into their own (package subpath → subpath → names): a
 * named import of them is split off; the other names stay where they were.
 */
const SPLIT_CONTRACTS: Record<string, Record<string, string[]>> = {
  "@atelier/contracts/sourcing-agent": {
    "@atelier/contracts/help-center": ["HELP_CENTER_CATEGORIES", "helpCenterCategorySchema", "helpArticleSummarySchema", "helpArticleSchema", "searchHelpCenter", "listHelpCenterArticles", "getHelpCenterArticle", "submitChatbotFeedback"],
  },
  "@atelier/contracts/projects": {
    "@atelier/contracts/uploads": ["UPLOAD_URL_PREFIX", "ALL_IMAGES_EXTENSIONS", "CHAT_ATTACHMENT_EXTENSIONS", "UPLOAD_EXTENSIONS", "ATTACHMENT_TYPES", "attachmentTypeOf", "UPLOAD_MAX_BYTES", "LARGE_UPLOAD_MAX_BYTES", "LARGE_UPLOAD_URL_TTL_SECONDS", "uploadedFileSchema", "uploadFile", "createLargeFileUpload"],
  },
};

/** Old paths named in text (comments, docs) → new; longest first so a file beats its folder. */
const TEXT_PATHS: [string, string][] = (
  [...Object.entries(FILE_MOVES), ...Object.entries(DIR_MOVES), ["tools/src/catalog", "tools/src/<domain>"], ["api/src/routes/catalog", "api/src/routes/marketplace"]] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|css)$/;
const RESOLVE_EXTS = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", ".css", "/index.ts", "/index.tsx"];

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });
}
const tracked = (): string[] => git("ls-files", "-z").split("\0").filter(Boolean);
const abs = (rel: string) => path.join(ROOT, rel);
const isFile = (rel: string) => existsSync(abs(rel)) && statSync(abs(rel)).isFile();

/** Where an old repo-relative path goes, or undefined when no rule names it. */
function movedTo(rel: string): string | undefined {
  if (FILE_MOVES[rel]) return FILE_MOVES[rel];
  for (const [from, to] of Object.entries(DIR_MOVES)) if (rel.startsWith(`${from}/`)) return to + rel.slice(from.length);
  return undefined;
}

/** Where a new path came from (reverse of the rules), for files that moved in an earlier run. */
function cameFrom(rel: string): string | undefined {
  for (const [from, to] of Object.entries(FILE_MOVES)) if (to === rel) return from;
  for (const [from, to] of Object.entries(DIR_MOVES)) if (rel.startsWith(`${to}/`) && !Object.values(FILE_MOVES).includes(rel)) return from + rel.slice(to.length);
  return undefined;
}

/** The existing file a module path (without or with extension) names, with the suffix used. */
function resolveModule(rel: string): { file: string; suffix: string } | undefined {
  for (const suffix of RESOLVE_EXTS) if (isFile(rel + suffix)) return { file: rel + suffix, suffix };
  return undefined;
}

/** The new place of a module path that named an old file: tries each extension against the rules. */
function resolveMoved(relModule: string): string | undefined {
  for (const suffix of RESOLVE_EXTS) {
    const target = movedTo(relModule + suffix);
    if (target && isFile(target)) return target.slice(0, target.length - suffix.length) || target;
  }
  return undefined;
}

function specifierFor(fromFile: string, targetModule: string): string {
  let spec = path.posix.relative(path.posix.dirname(fromFile), targetModule);
  if (!spec.startsWith(".")) spec = `./${spec}`;
  return spec;
}

// ---------------------------------------------------------------------------------------------
// 1. Moves.

function moveFiles(): Map<string, string> {
  const moved = new Map<string, string>(); // new → old, this run
  for (const file of tracked()) {
    const to = movedTo(file);
    if (!to || !isFile(file)) continue;
    if (isFile(to)) {
      console.warn(`! both ${file} and ${to} exist: merge them by hand`);
      continue;
    }
    if (CHECK) {
      console.log(`move ${file} → ${to}`);
      continue;
    }
    mkdirSync(path.dirname(abs(to)), { recursive: true });
    git("mv", file, to);
    moved.set(to, file);
  }
  return moved;
}

// ---------------------------------------------------------------------------------------------
// 2. Import specifiers.

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*|@import\s+(?:url\()?)(["'])(\.{1,2}\/[^"']*)\2/g;

function rewriteSpecifier(file: string, spec: string, movedThisRun: Map<string, string>): string | undefined {
  const here = path.posix.dirname(file);
  const oldPlace = movedThisRun.get(file);
  // A file moved just now: its specifiers were written relative to its old place.
  if (oldPlace) {
    const target = path.posix.join(path.posix.dirname(oldPlace), spec);
    const resolved = resolveMoved(target) ?? (resolveModule(target) ? target : undefined);
    return resolved ? specifierFor(file, resolved) : undefined;
  }
  const target = path.posix.join(here, spec);
  if (resolveModule(target)) return spec;
  const viaRules = resolveMoved(target);
  if (viaRules) return specifierFor(file, viaRules);
  // A file moved in an earlier run that received, by a merge, an import written for its old place.
  const earlier = cameFrom(file);
  if (earlier) {
    const fromOld = path.posix.join(path.posix.dirname(earlier), spec);
    const resolved = resolveMoved(fromOld) ?? (resolveModule(fromOld) ? fromOld : undefined);
    if (resolved) return specifierFor(file, resolved);
  }
  return undefined;
}

const NAMED_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"(\.{1,2}\/[^"]*)";/g;

/** A named import from a module that was split: one import per module the names now live in. */
function splitImport(file: string, whole: string, typeOnly: boolean, names: string, spec: string): string {
  const target = path.posix.join(path.posix.dirname(file), spec);
  const split = SPLIT_MODULES[target];
  if (!split || resolveModule(target)) return whole;
  const byModule = new Map<string, string[]>();
  for (const item of names.split(",").map((n) => n.trim()).filter(Boolean)) {
    const name = item.replace(/^type\s+/, "").split(/\s+as\s+/)[0]!;
    const home = Object.entries(split).find(([, exported]) => exported.includes(name))?.[0];
    if (!home) {
      console.warn(`! ${file}: ${name} is not in any module split from ${target}`);
      return whole;
    }
    byModule.set(home, [...(byModule.get(home) ?? []), item]);
  }
  return [...byModule].map(([home, items]) => `import ${typeOnly ? "type " : ""}{ ${items.join(", ")} } from "${specifierFor(file, home)}";`).join("\n");
}

const CONTRACTS_SUBPATH_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"(@atelier\/contracts\/[\w-]+)";/g;

/** A named import of contracts that moved to their own file: the moved names get their own import. */
function splitContractsImport(whole: string, typeOnly: boolean, names: string, spec: string): string {
  const moves = SPLIT_CONTRACTS[spec];
  if (!moves) return whole;
  const byModule = new Map<string, string[]>();
  for (const item of names.split(",").map((n) => n.trim()).filter(Boolean)) {
    const name = item.replace(/^type\s+/, "").split(/\s+as\s+/)[0]!;
    const home = Object.entries(moves).find(([, moved]) => moved.includes(name))?.[0] ?? spec;
    byModule.set(home, [...(byModule.get(home) ?? []), item]);
  }
  if (byModule.size === 1 && byModule.has(spec)) return whole;
  return [...byModule].map(([home, items]) => `import ${typeOnly ? "type " : ""}{ ${items.join(", ")} } from "${home}";`).join("\n");
}

function rewriteImports(movedThisRun: Map<string, string>): number {
  let changedFiles = 0;
  for (const file of tracked()) {
    if (!SOURCE.test(file) || file.includes("node_modules/") || !isFile(file)) continue;
    const text = readFileSync(abs(file), "utf8");
    let next = text.replace(NAMED_IMPORT, (whole: string, typeOnly: string | undefined, names: string, spec: string) => splitImport(file, whole, Boolean(typeOnly), names, spec));
    next = next.replace(CONTRACTS_SUBPATH_IMPORT, (whole: string, typeOnly: string | undefined, names: string, spec: string) => splitContractsImport(whole, Boolean(typeOnly), names, spec));
    next = next.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
      const rewritten = rewriteSpecifier(file, spec, movedThisRun);
      if (rewritten === undefined) {
        console.warn(`! ${file}: cannot resolve ${spec}`);
        return whole;
      }
      return `${lead}${quote}${rewritten}${quote}`;
    });
    for (const [from, to] of Object.entries(PACKAGE_MOVES)) next = next.replace(new RegExp(`(["'])${from}\\1`, "g"), `$1${to}$1`);
    if (next === text) continue;
    changedFiles++;
    if (CHECK) console.log(`imports ${file}`);
    else writeFileSync(abs(file), next);
  }
  return changedFiles;
}

// ---------------------------------------------------------------------------------------------
// 3. The contracts namespace: `catalog` → `marketplace`.

const CONTRACTS_IMPORT = /import\s*(type\s*)?\{([^}]*)\}\s*from\s*["']@atelier\/contracts["']/g;

const NAMESPACE_IMPORT = /(import\s+(?:type\s+)?\*\s+as\s+)catalog(\s+from\s+["']@atelier\/contracts\/marketplace["'])/g;

function renameNamespace(): number {
  let changedFiles = 0;
  for (const file of tracked()) {
    if (!/\.(ts|tsx)$/.test(file) || !isFile(file)) continue;
    const text = readFileSync(abs(file), "utf8");
    let imports = false;
    let next = text.replace(CONTRACTS_IMPORT, (whole: string, _type: string | undefined, names: string) => {
      // A file renamed in an earlier run may have received new `catalog.` uses by a merge.
      if (/(^|[\s,])marketplace(\s*[,}]|\s*$)/.test(names)) imports = true;
      if (!/(^|[\s,])catalog(\s*[,}]|\s*$)/.test(names)) return whole;
      imports = true;
      return whole.replace(/([{\s,])catalog(?=\s*[,}])/, "$1marketplace");
    });
    next = next.replace(NAMESPACE_IMPORT, (_whole: string, lead: string, from: string) => {
      imports = true;
      return `${lead}marketplace${from}`;
    });
    if (/import\s+(?:type\s+)?\*\s+as\s+marketplace\s+from/.test(next)) imports = true;
    if (!imports) continue;
    // Member uses only (`catalog.searchSuppliers`, `typeof catalog.X`): never inside a word, a path or a string key.
    next = next.replace(/(?<![\w$/'"`-])(?<!(?:^|[^.])\.)catalog\.(?=[A-Za-z_$])/gm, "marketplace.");
    if (next === text) continue;
    changedFiles++;
    if (CHECK) console.log(`namespace ${file}`);
    else writeFileSync(abs(file), next);
  }
  return changedFiles;
}

// ---------------------------------------------------------------------------------------------
// 4. Paths named in comments and docs.

const TEXT_SKIP = new Set(["docs/decisions.md", "docs/glossary.md", "scripts/dev/rename-domains.ts"]);

function rewriteTextPaths(): number {
  let changedFiles = 0;
  for (const file of tracked()) {
    if (TEXT_SKIP.has(file) || !isFile(file)) continue;
    if (!(SOURCE.test(file) || /(^README\.md|^docs\/.*\.md)$/.test(file))) continue;
    const text = readFileSync(abs(file), "utf8");
    let next = text;
    for (const [from, to] of TEXT_PATHS) next = next.split(from).join(to);
    if (next === text) continue;
    changedFiles++;
    if (CHECK) console.log(`paths ${file}`);
    else writeFileSync(abs(file), next);
  }
  return changedFiles;
}

/** The contracts index: its namespace import, re-export and the list of every contract. */
function renameIndexNamespace(): number {
  const file = "contracts/src/index.ts";
  const text = readFileSync(abs(file), "utf8");
  const next = text.replace(/\bcatalog\b(?![-/])/g, "marketplace");
  if (next === text) return 0;
  if (CHECK) console.log(`namespace ${file}`);
  else writeFileSync(abs(file), next);
  return 1;
}

const moved = moveFiles();
const imports = rewriteImports(moved);
const namespace = renameNamespace() + renameIndexNamespace();
const paths = rewriteTextPaths();
console.log(`${CHECK ? "to do" : "done"}: ${moved.size} moved, imports in ${imports} files, namespace in ${namespace} files, paths in ${paths} files`);
