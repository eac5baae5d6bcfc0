// autocannon ships no types and @types/autocannon is not installed: the part the benchmark uses.
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  type Options = { url: string; headers?: Record<string, string>; connections?: number; duration?: number };
  export default function autocannon(options: Options): Promise<Result>;
}
