import { WORDS_ONLY_SEARCH_NOTICE, type BodyOf, type sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { embedQuery } from "../../embeddings";
import { withTransaction } from "../../db/pool";
import { queryWords } from "../../text/query-words";
import { enableFilteredVectorScan, matchSuppliers, matchSuppliersByWords } from "../../queries/marketplace/supplier-matching";
import { getTechPack } from "./get-tech-pack";
import { SERVICE_VERTICALS, verticalsLeftOut } from "../marketplace/service-query";
import { techPackSearchText } from "./tech-pack-view";
import { toExpandedRecord, toMatchedSupplier } from "./supplier-view";

/**
 * Ranks suppliers by cosine similarity of their embedding to the tech pack's (or the query's)
 * text, after the filters: vetted suppliers and expanded-network records separately, so the
 * agent can offer both (messages in-network, emails outside it).
 */
export async function matchFactories(ctx: UserContext, body: BodyOf<typeof sourcingAgent.matchFactories>) {
  const pack = body.techPackId ? await getTechPack(ctx, body.techPackId) : null;
  const queryText = [pack ? techPackSearchText(pack) : null, body.query].filter(Boolean).join(". ");
  const vector = await embedQuery(ctx.providers.embeddings, queryText);
  const f = body.filters ?? {};
  const filters = {
    countryCodes: f.countryCodes,
    regions: f.regions,
    moqMax: f.moqMax,
    samplePriceMaxCents: f.samplePriceMax === undefined ? undefined : Math.round(f.samplePriceMax * 100),
    productionDaysMax: f.productionDaysMax,
    // A tech pack describes goods; a description asking for no service is a search for goods too.
    excludedVerticals: pack ? [...SERVICE_VERTICALS] : verticalsLeftOut(body.query),
  };
  // A read-only transaction only to scope the index settings to these two queries.
  const [inNetwork, expanded] =
    vector === null
      ? // The meaning model is down: match by the words, and say so.
        await matchByWords(ctx, queryWords(queryText, { minLength: 3, max: 40 }), filters, body.limit)
      : await withTransaction(ctx.pool, async (db) => {
          await enableFilteredVectorScan(db);
          return [await matchSuppliers(db, vector, false, filters, body.limit), await matchSuppliers(db, vector, true, filters, body.limit)] as const;
        });
  return {
    queryText,
    inNetwork: inNetwork.map(toMatchedSupplier),
    expandedNetwork: expanded.map(toExpandedRecord),
    inNetworkIds: inNetwork.map((s) => s.id),
    expandedIds: expanded.map((s) => s.id),
    ...(vector === null ? { notice: WORDS_ONLY_SEARCH_NOTICE } : {}),
  };
}

/** A text's distinct words for a to_tsquery OR (letters and digits only, so nothing needs quoting). */

/** In the network and in the expanded network, ranked by how well their text covers the words. */
function matchByWords(ctx: UserContext, words: string[], filters: Parameters<typeof matchSuppliersByWords>[3], limit: number) {
  return Promise.all([matchSuppliersByWords(ctx.pool, words, false, filters, limit), matchSuppliersByWords(ctx.pool, words, true, filters, limit)]);
}
