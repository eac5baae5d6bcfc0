import neural, { type Corpus } from "@nlpjs/neural";
import langEn from "@nlpjs/lang-en-min";
import similarity from "@nlpjs/similarity";
import type { Intent } from "./offline-types";
import { parseProduct } from "./offline-parse";

// The offline assistant's intent classifier: an NLP.js perceptron network trained on each intent's
// example utterances (stemmed words, typos corrected against the examples' vocabulary). The regex
// `match` of an intent stays beside it as a fallback and a booster (docs/decisions.md, "Offline
// assistant as a dialogue system").

const { NeuralNetwork } = neural;
const stemmer = new langEn.StemmerEn();
const normalizer = new langEn.NormalizerEn();
const tokenizer = new langEn.TokenizerEn();

/** Words that carry no intent on their own; they stay out of the features. */
const STOP = new Set(["a", "an", "the", "please", "pls", "plz", "me", "i", "we", "you", "u", "is", "are", "be", "to", "of", "and", "or", "for", "on", "in", "at", "it", "this", "that", "some", "any", "can", "could", "would", "do", "does", "hey", "hi", "hello", "thanks", "thank", "ok", "okay"]);

function words(text: string): string[] {
  return tokenizer
    .tokenize(normalizer.normalize(text.replace(/\d[\d,.]*/g, " 0 ").replace(/[$€£]/g, " money ").replace(/\S+@\S+/g, " email ").replace(/#\s?\d+/g, " ordernumber ")), false)
    .map((w) => w.toLowerCase())
    .filter((w) => w && !STOP.has(w));
}

type Model = { network: InstanceType<typeof NeuralNetwork>; spell: InstanceType<typeof similarity.SpellCheck>; vocabulary: Set<string> };

const models = new WeakMap<Intent[], Model>();

/** A word as the examples spell it: swapped letters ("crat" → "cart"), then one edit (two for long words). */
function corrected(model: Model, word: string): string {
  if (model.vocabulary.has(word) || word.length < 3) return word;
  for (let i = 0; i < word.length - 1; i++) {
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (model.vocabulary.has(swapped)) return swapped;
  }
  return model.spell.check([word], word.length >= 8 ? 2 : 1)[0] ?? word;
}

/** How much of the text the examples know: 1 per known word, ½ per corrected typo, 0 per unknown word. */
function knownShare(model: Model, text: string): number {
  const raw = words(text);
  if (!raw.length) return 0;
  // The product a request names ("canvas caps", "muslin swaddles") is rarely in the examples: its
  // words neither count for nor against the request, as long as some framing word is known.
  const product = new Set(words(parseProduct(text) ?? ""));
  const framing = raw.filter((w) => !product.has(w) || model.vocabulary.has(w));
  const known = framing.reduce((sum, w) => sum + (model.vocabulary.has(w) ? 1 : corrected(model, w) !== w ? 0.5 : 0), 0);
  return framing.length ? known / framing.length : 0;
}

function features(model: Model | undefined, text: string): Record<string, number> {
  const raw = words(text);
  // Typos ("supplers", "invocie") become the nearest word the examples use: distance 1, or 2 for long words.
  const fixed = model ? raw.map((w) => corrected(model, w)) : raw;
  const out: Record<string, number> = {};
  for (const w of fixed) out[stemmer.stemWord(w)] = 1;
  return out;
}

function train(intents: Intent[]): Model {
  const vocabulary: Record<string, number> = {};
  const examples = intents.flatMap((i) => (i.examples ?? []).map((text) => ({ intent: i.name, text })));
  for (const e of examples) for (const w of words(e.text)) vocabulary[w] = (vocabulary[w] ?? 0) + 1;
  const spell = new similarity.SpellCheck({ features: vocabulary, minLength: 3 });
  const corpus: Corpus = examples.map((e) => ({ input: features(undefined, e.text), output: { [e.intent]: 1 } })).filter((c) => Object.keys(c.input).length);
  const network = new NeuralNetwork({ log: false });
  network.train(corpus);
  return { network, spell, vocabulary: new Set(Object.keys(vocabulary)) };
}

/** The model for a list of intents, trained once (a few hundred milliseconds) on first use. */
function modelFor(intents: Intent[]): Model {
  let model = models.get(intents);
  if (!model) {
    model = train(intents);
    models.set(intents, model);
  }
  return model;
}

/**
 * The text with each word the examples don't know replaced by the nearest word they use ("hwo do i
 * start selling" → "how do i start selling"), for rules that read words rather than features.
 */
export function spellCorrected(all: Intent[], text: string): string {
  const model = modelFor(all);
  return text.replace(/[A-Za-z]{3,}/g, (w) => {
    const fixed = corrected(model, w.toLowerCase());
    return fixed === w.toLowerCase() ? w : fixed;
  });
}

/** Each intent's probability for the text, among the given candidates (trained over `all`). */
export function classify(all: Intent[], candidates: Intent[], text: string): Map<string, number> {
  const model = modelFor(all);
  const input = features(model, text);
  const scores = new Map<string, number>();
  if (!Object.keys(input).length) return scores;
  const out = model.network.run(input) ?? {};
  let sum = 0;
  for (const c of candidates) {
    const s = out[c.name] ?? 0;
    if (s > 0) {
      scores.set(c.name, s);
      sum += s;
    }
  }
  // The network's raw activations are relative: normalised among the candidates they read as shares,
  // and scaled by the strongest activation so that text far from every example stays low.
  // Text made of words no example uses ("book me a flight") scores low whatever the network says.
  const top = Math.max(0, ...scores.values());
  const share = knownShare(model, text);
  for (const [k, v] of scores) scores.set(k, (v / sum) * Math.min(1, top) * share);
  return scores;
}
