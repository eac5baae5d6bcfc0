import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { FilterTabs, Pager } from "../src/ui/list-controls";

// The pager of every list: exact totals, and a search's total counted up to a cap (the orders list
// at 100,000 orders says "more than 1,000" and keeps Next open).
afterEach(cleanup);

describe("the list pager", () => {
  it("shows the range of an exact total, with thousands separated, and stops at the last page", () => {
    const onPage = vi.fn();
    render(<Pager page={3999} size={25} total={100_000} onPage={onPage} />);
    expect(screen.getByTestId("list-range").textContent).toBe("99,976–100,000 of 100,000");
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(onPage).toHaveBeenCalledWith("3998");
  });

  it("says a capped total is a floor and keeps Next open past it", () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={0} size={25} total={1000} more onPage={onPage} />);
    expect(screen.getByTestId("list-range").textContent).toBe("1–25 of more than 1,000");
    rerender(<Pager page={39} size={25} total={1000} more onPage={onPage} />);
    expect(screen.getByTestId("list-range").textContent).toBe("976–1,000 of more than 1,000");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenCalledWith("40");
  });
});

describe("the list's tabs", () => {
  it("write their counts with thousands separated", () => {
    render(<FilterTabs filters={["ALL", "ON_HOLD"] as const} labels={{ ALL: "All", ON_HOLD: "On hold" }} current="ALL" counts={{ ALL: 100_000, ON_HOLD: 45 }} label="Order filters" onPick={() => {}} />);
    expect(screen.getByRole("tab", { name: "All (100,000)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "On hold (45)" })).toBeTruthy();
  });
});
