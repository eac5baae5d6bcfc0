// Types for the parts of NLP.js the offline assistant uses (the packages ship JavaScript only).

declare module "@nlpjs/neural" {
  export type Corpus = { input: Record<string, number>; output: Record<string, number> }[];
  export class NeuralNetwork {
    constructor(settings?: { iterations?: number; errorThresh?: number; log?: boolean });
    train(corpus: Corpus): { error: number; iterations: number };
    run(input: Record<string, number>): Record<string, number> | undefined;
  }
  const neural: { NeuralNetwork: typeof NeuralNetwork };
  export default neural;
}

declare module "@nlpjs/lang-en-min" {
  export class StemmerEn {
    stemWord(word: string): string;
  }
  export class NormalizerEn {
    normalize(text: string): string;
  }
  export class TokenizerEn {
    tokenize(text: string, normalize?: boolean): string[];
  }
  const lang: { StemmerEn: typeof StemmerEn; NormalizerEn: typeof NormalizerEn; TokenizerEn: typeof TokenizerEn };
  export default lang;
}

declare module "@nlpjs/similarity" {
  export class SpellCheck {
    constructor(settings?: { features?: Record<string, number>; minLength?: number });
    check(tokens: string[], distance?: number): string[];
  }
  const similarity: { SpellCheck: typeof SpellCheck; leven: (a: string, b: string) => number };
  export default similarity;
}
