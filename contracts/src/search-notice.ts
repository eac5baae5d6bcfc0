import { z } from "zod";

// What a search answer says when it could not use the meaning model (an embeddings outage): it
// still answers, from the words alone, and says so once, in a sentence the screens and the agents
// show as they get it.

export const WORDS_ONLY_SEARCH_NOTICE =
  "Search is matching your words only right now: the model that matches by meaning is not answering, so results described in other words may be missing. Try again in a few minutes for full results.";

/** Present only when the answer is a degraded one. */
export const searchNoticeSchema = z.string().optional();
