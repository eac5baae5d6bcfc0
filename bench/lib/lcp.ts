// Largest-contentful-paint of a page in headless Chromium, measured as a first visit (a new
// browser context each run, so nothing is cached). Shared by bench:web and bench:creation.
import { chromium, type BrowserContext, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export type LcpRun = {
  url: string;
  /** Prepares each new context (e.g. a logged-in session in localStorage). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
  /** What must be on screen before the paint is read (a heading, the kit's name). */
  ready: (page: Page) => Promise<void>;
};

/** The LCP of `runs` first visits, in milliseconds. */
export async function measureLcp(run: LcpRun, runs: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const lcps: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await run.prepare?.(context);
      const page = await context.newPage();
      await page.goto(run.url, { waitUntil: "networkidle" });
      await run.ready(page);
      if (new URL(page.url()).pathname !== new URL(run.url).pathname) throw new Error(`expected ${run.url}, landed on ${page.url()}`);
      // Buffered: the entries recorded before the observer existed; the last one is the LCP. A
      // string, not a function: this file is type-checked without the DOM library.
      lcps.push(
        await page.evaluate<number>(`new Promise((resolve) => {
          new PerformanceObserver((list) => { const e = list.getEntries(); resolve(e[e.length - 1].startTime); }).observe({ type: "largest-contentful-paint", buffered: true });
        })`),
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return lcps;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
