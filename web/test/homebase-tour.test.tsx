import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { stores } from "@atelier/contracts";
import { routeObjects } from "../src/app/router";
import { clearSession, startSession } from "../src/session/session-store";
import { TOUR_STEP_DELAY_MS } from "../src/ui/guided-tour";
import { HOMEBASE_TOUR } from "../src/features/homebase/homebase-tour";
import { callAs, registerRealUser, routeFetchTo, startRealApi, type RealApi, type RealUser } from "./support/real-api";

// The homebase tour in the app, against the real API. Only setTimeout is faked, so the step delay
// is exact while the API (another process) and the network answer in real time.
let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
}, 120_000);
afterAll(() => api?.close());

const realSetTimeout = globalThis.setTimeout;
let inFlight = 0;
/** Paths of the API calls answered so far in this test. */
let answered: string[] = [];

beforeEach(() => {
  clearSession();
  const toApi = routeFetchTo(api.url);
  inFlight = 0;
  answered = [];
  vi.stubGlobal("fetch", (async (input: RequestInfo | URL, init?: RequestInit) => {
    inFlight += 1;
    try {
      const response = await toApi(input, init);
      await response.clone().arrayBuffer();
      answered.push(new URL(String(input instanceof Request ? input.url : input), "http://app").pathname);
      return response;
    } finally {
      inFlight -= 1;
    }
  }) as typeof fetch);
  // jsdom lays nothing out; the tour scrolls its target into view in a browser.
  Element.prototype.scrollIntoView = vi.fn();
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Waits on the real clock (testing-library's waitFor runs on the faked setTimeout), letting React
 * render outside act as it does in a browser while the API answers.
 */
async function waitUntil(ok: () => boolean, what: string): Promise<void> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = env.IS_REACT_ACT_ENVIRONMENT;
  env.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    for (const start = Date.now(); !ok(); await new Promise((r) => realSetTimeout(r, 10))) {
      if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
    }
    // One more turn so effects of the last answer have run.
    await new Promise((r) => realSetTimeout(r, 20));
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

async function openHomebase(user: RealUser) {
  startSession(user);
  render(<RouterProvider router={createMemoryRouter(routeObjects(), { initialEntries: ["/homebase"] })} />);
  // The tour mounts once the seen flags have arrived: wait for that answer, not only for a quiet moment.
  const seenPath = `/rest/main${stores.getStoreSeenState.path}`;
  await waitUntil(() => document.getElementById("homebase-areas") !== null && document.getElementById("nav-copilot") !== null && answered.includes(seenPath) && inFlight === 0, "the homebase");
}

const tour = () => screen.queryByTestId("tour");
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("the homebase guided tour", () => {
  it("shows each step 750 ms after the last, pointing at the homebase and the copilot entry, and is not shown again once done", async () => {
    expect(TOUR_STEP_DELAY_MS).toBe(750);
    const user = await registerRealUser(api);
    await openHomebase(user);
    // The screen has settled (every call answered), so the first step's delay has started: no time has passed on the faked clock.
    for (const [n, step] of HOMEBASE_TOUR.entries()) {
      expect(tour()).toBeNull();
      advance(749);
      expect(tour()).toBeNull();
      advance(1);
      expect(tour()?.getAttribute("aria-label")).toBe(`Tour step ${n + 1} of ${HOMEBASE_TOUR.length}`);
      expect(tour()?.textContent).toContain(step.title);
      expect(document.getElementById(step.target)?.classList.contains("tour-target")).toBe(true);
      act(() => fireEvent.click(screen.getByRole("button", { name: n === HOMEBASE_TOUR.length - 1 ? "Done" : "Next" })));
    }
    expect(tour()).toBeNull();
    expect(document.querySelectorAll(".tour-target")).toHaveLength(0);
    await waitUntil(() => inFlight === 0, "the seen flag to be saved");
    expect(await callAs(api, user, stores.getStoreSeenState, {})).toMatchObject({ seenHomebaseTour: true });

    cleanup();
    await openHomebase(user);
    advance(TOUR_STEP_DELAY_MS * 2);
    expect(tour()).toBeNull();
  }, 90_000);

  it("closes on skip and stores that it was seen", async () => {
    const user = await registerRealUser(api);
    await openHomebase(user);
    advance(TOUR_STEP_DELAY_MS);
    expect(tour()).not.toBeNull();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Skip tour" })));
    expect(tour()).toBeNull();
    advance(TOUR_STEP_DELAY_MS * 2);
    expect(tour()).toBeNull();
    await waitUntil(() => inFlight === 0, "the seen flag to be saved");
    expect(await callAs(api, user, stores.getStoreSeenState, {})).toMatchObject({ seenHomebaseTour: true });
  }, 90_000);
});
