// autocannon ships no types and @types/autocannon is not installed: the part the benchmarks use.
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; total: number; sent: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number; statusCodeStats: Record<string, { count: number }> };
  type Options = { url: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string>; connections?: number; duration?: number; timeout?: number };
  export default function autocannon(options: Options): Promise<Result>;
}
