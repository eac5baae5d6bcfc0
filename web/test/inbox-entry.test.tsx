import { afterEach, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { InboxEntry } from "../src/features/inbox/inbox-entry";
import { ROUTES } from "../src/routes/route-table";

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

it("/inbox is a built route that opens the Messages tab with the query kept", async () => {
  expect(ROUTES.find((r) => r.path === "/inbox")).toMatchObject({ access: "user", screen: "inbox-entry" });
  render(
    <MemoryRouter initialEntries={["/inbox?open=cart"]}>
      <Routes>
        <Route path="/inbox" element={<InboxEntry />} />
        <Route path="/inbox/messages" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText("at /inbox/messages?open=cart")).toBeTruthy();
});
