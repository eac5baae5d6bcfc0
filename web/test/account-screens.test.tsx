import { beforeEach, describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { payments, plans, stores, team } from "@atelier/contracts";
import { AccountInfoPage } from "../src/features/account/account-info-page";
import { getSession, setStoreRecord, startSession } from "../src/session/session-store";
import { isUpgradePromptOpen, openUpgradePrompt } from "../src/ui/toast-store";
import { beginnerStore, callAs, registerRealUser, useRealApi, type RealUser } from "./support/real-api";

// The account screen against the real API (its own embedded Postgres in a child process): every
// step is a real call, and what the screen says is checked against the rows the API wrote.
const api = useRealApi();
beforeEach(() => {
  openUpgradePrompt(false);
});

const TIMEOUT = { timeout: 10_000 };

/** Logs the user in as the login page would, with the store record the app loads first, and opens /account-info. */
async function openAccount(user: RealUser) {
  startSession(user);
  setStoreRecord(await callAs(api, user, stores.getMyStore, {}));
  render(
    <MemoryRouter initialEntries={["/account-info"]}>
      <AccountInfoPage />
    </MemoryRouter>,
  );
  await screen.findByRole("heading", { name: "Account" }, TIMEOUT);
}

const plan = () => within(screen.getByTestId("account-plan"));
const step = () => screen.getByTestId("account-plan").querySelector(".plan-flow")?.getAttribute("data-step");
const click = (name: string | RegExp) => act(async () => fireEvent.click(plan().getByRole("button", { name })));
const choose = (label: string) => act(async () => fireEvent.click(plan().getByLabelText(label)));

/** A new store on Beginner, its /account-info open at the plan's overview. */
async function openBeginnerPlan(): Promise<RealUser> {
  const user = await beginnerStore(api);
  await openAccount(user);
  await plan().findByText("Beginner · $29.00/month", {}, TIMEOUT);
  return user;
}

async function surveyRows(storeId: string) {
  const { rows } = await api.db.query(
    "SELECT reason, rating_bucket, book_call, samples_not_ordered_reason, offer_answer, suggestions, outcome FROM subscription_cancellation_surveys WHERE store_id = $1",
    [storeId],
  );
  return rows;
}

describe("plan management on /account-info", () => {
  it("cancels through the full survey: OVERVIEW → MANAGE_PLAN → VERIFY_CANCEL → CONFIRMED_REQUEST_SENT, with every answer stored", async () => {
    const user = await openBeginnerPlan();
    expect(step()).toBe("OVERVIEW");
    expect(plan().getByText("Subscription active.")).toBeTruthy();

    await click("Manage plan");
    expect(step()).toBe("MANAGE_PLAN");
    await click("Back");
    expect(step()).toBe("OVERVIEW");
    await click("Manage plan");
    await click("Cancel my plan");
    expect(step()).toBe("VERIFY_CANCEL");

    // One question at a time; Next waits for an answer, Back keeps the answers given.
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Before you go (1 of 6)");
    expect(plan().getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
    await choose("I'm not ready to start");
    await click("Next");
    expect(plan().getByText("How likely are you to recommend us to a friend (0–10)?")).toBeTruthy();
    await click("Back");
    expect((plan().getByLabelText("I'm not ready to start") as HTMLInputElement).checked).toBe(true);
    await click("Next");
    await choose("7-9");
    await click("Next");
    await choose("Yes, book a call");
    await click("Next");
    await choose("I didn't know I should order samples");
    await click("Next");
    expect(plan().getByText("Stay for 40% off your plan for 3 months?")).toBeTruthy();
    await choose("Maybe later");
    await click("Next");
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Before you go (6 of 6)");
    await act(async () => fireEvent.change(plan().getByLabelText("What could we do better? (optional)"), { target: { value: "More templates please" } }));
    await click("Cancel my plan");

    await waitFor(() => expect(step()).toBe("CONFIRMED_REQUEST_SENT"), TIMEOUT);
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Your request was sent");
    expect(await surveyRows(user.store.id)).toEqual([
      { reason: "NOT_READY_TO_START", rating_bucket: "7-9", book_call: true, samples_not_ordered_reason: "DID_NOT_KNOW_TO_ORDER", offer_answer: "MAYBE_LATER", suggestions: "More templates please", outcome: "CANCELED" },
    ]);
    expect(await callAs(api, user, plans.getPlanOverview, {})).toMatchObject({ planType: "TIER_1", subscriptionStatus: "CANCELED" });
    const { rows: mail } = await api.db.query("SELECT 1 FROM outbox_messages WHERE store_id = $1 AND kind = 'cancellation_call_request'", [user.store.id]);
    expect(mail).toHaveLength(1);

    await click("Done");
    expect(step()).toBe("OVERVIEW");
    expect(plan().getByText("Free · $0.00/month")).toBeTruthy();
    expect(plan().queryByRole("button", { name: "Manage plan" })).toBeNull();
  }, 30_000);

  it("takes the 40% offer instead: the suggestions question is skipped and the plan stays", async () => {
    const user = await openBeginnerPlan();
    await click("Manage plan");
    await click("Cancel my plan");
    for (const answer of ["I need help", "10", "No", "It was too much work"]) {
      await choose(answer);
      await click("Next");
    }
    await choose("Yes, keep my plan at 40% off");
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Before you go (5 of 5)");
    expect(plan().queryByRole("button", { name: "Next" })).toBeNull();
    await click("Keep my plan at 40% off");

    await waitFor(() => expect(step()).toBe("CONFIRMED_REQUEST_SENT"), TIMEOUT);
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("40% off applied");
    expect(await surveyRows(user.store.id)).toEqual([
      { reason: "NEED_HELP", rating_bucket: "10", book_call: false, samples_not_ordered_reason: "TOO_MUCH_WORK", offer_answer: "YES", suggestions: "", outcome: "OFFER_APPLIED" },
    ]);
    expect(await callAs(api, user, plans.getPlanOverview, {})).toMatchObject({ planType: "TIER_2", subscriptionStatus: "ACTIVE", subscription: { discountPercent: 40 } });
  }, 30_000);

  it("pauses (VERIFY_PAUSE → CONFIRMED_REQUEST_SENT) and resumes (MANAGE_PLAN → PLAN_RESUMED)", async () => {
    const user = await openBeginnerPlan();
    await click("Manage plan");
    await click("Pause my plan");
    expect(step()).toBe("VERIFY_PAUSE");
    // Before pausing, the screen says what a pause does, and when it ends.
    const warning = plan().getByTestId("pause-warning");
    expect(warning.textContent).toContain("While your plan is paused, Atelier is locked.");
    expect(warning.textContent).toContain("Your plan stays paused until you resume it here.");
    await act(async () => fireEvent.change(plan().getByLabelText("Resume automatically on (optional)"), { target: { value: "2099-03-14" } }));
    expect(warning.textContent).toContain("Your plan resumes by itself on March 14, 2099.");
    await act(async () => fireEvent.change(plan().getByLabelText("Resume automatically on (optional)"), { target: { value: "" } }));
    await act(async () => fireEvent.change(plan().getByLabelText("While paused, invoices are"), { target: { value: "void" } }));
    await click("Pause plan");
    await waitFor(() => expect(step()).toBe("CONFIRMED_REQUEST_SENT"), TIMEOUT);
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Your plan is paused");
    // The route guard reads the session's store record: it says paused by the time the screen does.
    expect(getSession().storeRecord?.isBlueprintPaused).toBe(true);
    expect(await callAs(api, user, stores.getMyStore, {})).toMatchObject({ isBlueprintPaused: true, blueprintSubscriptionBehavior: "void" });

    // While paused, the plan card says what that means and leads with resuming; upgrading waits.
    await click("Done");
    expect(plan().getByText("Your plan is paused.")).toBeTruthy();
    expect(plan().getByRole("status").textContent).toContain("the rest of Atelier is locked");
    expect(plan().getAllByRole("button")[0]!.textContent).toBe("Resume my plan");
    expect(plan().queryByRole("button", { name: /Upgrade/ })).toBeNull();
    await click("Manage plan");
    expect(plan().queryByRole("button", { name: "Pause my plan" })).toBeNull();
    await click("Resume my plan");
    await waitFor(() => expect(step()).toBe("PLAN_RESUMED"), TIMEOUT);
    expect(plan().getByRole("heading", { level: 3 }).textContent).toBe("Your plan is active again");
    expect(getSession().storeRecord?.isBlueprintPaused).toBe(false);
    expect(await callAs(api, user, stores.getMyStore, {})).toMatchObject({ isBlueprintPaused: false });
    await click("Done");
    expect(step()).toBe("OVERVIEW");
  }, 30_000);
});

describe("upgrading on /account-info", () => {
  it("confirms the prorated amount, the card and the date, then every billing panel shows the new plan", async () => {
    const user = await openBeginnerPlan();
    const credits = () => within(document.getElementById("account-ai-credits")!);
    await credits().findByRole("option", { name: "1,000 credits · $10.00" }, TIMEOUT);
    await act(async () => fireEvent.change(credits().getByLabelText("Buy more"), { target: { value: "2000" } }));

    await click("Upgrade to Professional · $99.00/month");
    const dialog = await screen.findByRole("alertdialog", { name: "Upgrade to Professional?" }, TIMEOUT);
    expect(within(dialog).getByTestId("upgrade-quote").textContent).toMatch(/^\$70\.00 charged today, .+, to visa •••• 4242\.$/);
    // A period is a calendar month: 28 to 31 days, all of them left on the day the plan began.
    expect(dialog.textContent).toMatch(/Upgrade from Beginner to Professional: \$70\.00 difference for the (\d\d) of \1 days left/);
    // Nothing is charged until the confirm click.
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect((await callAs(api, user, plans.getPlanOverview, {})).planType).toBe("TIER_2");

    await click("Upgrade to Professional · $99.00/month");
    const again = await screen.findByRole("alertdialog", {}, TIMEOUT);
    await act(async () => fireEvent.click(within(again).getByRole("button", { name: "Pay $70.00 and upgrade" })));
    await plan().findByText("Professional · $99.00/month", {}, TIMEOUT);
    const { rows } = await api.db.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1 ORDER BY created_at", [user.store.id]);
    expect(rows.map((r) => r.amount_cents)).toEqual([2900, 7000]);

    // The other panels were not told by hand: the cache reloaded them after the upgrade.
    await credits().findByRole("option", { name: "5,000 credits · $40.00" }, TIMEOUT);
    expect((credits().getByLabelText("Buy more") as HTMLSelectElement).value).toBe("5000");
    const history = within(document.getElementById("account-invoices")!);
    await history.findByText(/^Upgrade from Beginner to Professional: \$70\.00 difference for the (\d\d) of \1 days left$/, {}, TIMEOUT);
    expect(history.getByText("Beginner plan, one month")).toBeTruthy();
    // Each line's status in words, not the payment provider's "paid"/"uncollectible".
    expect(history.getAllByText("Paid").length).toBe(2);
    await act(async () => fireEvent.click(credits().getByRole("button", { name: "Buy credits" })));
    expect((await credits().findByRole("status", {}, TIMEOUT)).textContent).toBe("Added 5,000 credits.");
  }, 30_000);

  it("schedules a move to a lower plan for the period's end and shows it on the plan card", async () => {
    const user = await beginnerStore(api);
    await callAs(api, user, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
    await openAccount(user);
    await plan().findByText("Professional · $99.00/month", {}, TIMEOUT);
    await click("Manage plan");
    await click("Move to Beginner");
    const dialog = screen.getByRole("alertdialog", { name: "Move to Beginner?" });
    expect(dialog.textContent).toContain("Nothing is charged or refunded today.");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: /^Move to Beginner on / })));
    await waitFor(() => expect(step()).toBe("MANAGE_PLAN"), TIMEOUT);
    await click("Back");
    // The flow stays on MANAGE_PLAN while the change is sent: the plan card shows it once the answer is in.
    expect((await plan().findByTestId("scheduled-change", {}, TIMEOUT)).textContent).toMatch(/^Changes to Beginner on .+\. You keep Professional until then\.$/);
    expect(await callAs(api, user, plans.getPlanOverview, {})).toMatchObject({ planType: "TIER_3", scheduledChange: { planType: "TIER_2" } });
  }, 30_000);
});

describe("payment methods and AI credits on /account-info", () => {
  const cards = () => within(document.getElementById("account-payment-methods")!);
  const credits = () => within(document.getElementById("account-ai-credits")!);

  async function addCard(number: string, exp: string, makeDefault = false) {
    await act(async () => fireEvent.click(cards().getByRole("button", { name: "Add a card" })));
    fireEvent.change(cards().getByLabelText("Card number"), { target: { value: number } });
    fireEvent.change(cards().getByLabelText("Expiry (MM/YY)"), { target: { value: exp } });
    fireEvent.change(cards().getByLabelText("CVC"), { target: { value: "123" } });
    if (makeDefault) fireEvent.click(cards().getByLabelText("Make this my default card"));
    await act(async () => fireEvent.click(cards().getByRole("button", { name: "Save card" })));
  }

  it("adds cards (with the API's field errors), makes one the default and removes one", async () => {
    const user = await registerRealUser(api);
    await openAccount(user);
    await cards().findByText("No card saved yet.", {}, TIMEOUT);
    const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

    // The API's field reasons read as sentences naming the field: no field paths, no codes.
    await addCard("1234", `13/${nextYear}`);
    await cards().findByText("The card number must be 12 to 19 digits.", { selector: ".field-error" }, TIMEOUT);
    expect(cards().getByText("The expiry month must be 1 to 12.", { selector: ".field-error" })).toBeTruthy();
    await act(async () => fireEvent.click(cards().getByRole("button", { name: "Cancel" })));

    await addCard("4242424242424242", `12/${nextYear}`);
    await cards().findByText(/•••• 4242/, {}, TIMEOUT);
    await addCard("5555555555554444", `11/${nextYear}`);
    await waitFor(() => expect(cards().getAllByRole("listitem")).toHaveLength(2), TIMEOUT);

    const listed = await callAs(api, user, payments.listPaymentMethods, {});
    const first = listed.list.find((m) => m.last4 === "4242")!;
    const second = listed.list.find((m) => m.last4 === "4444")!;
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);

    const row = (last4: string) => within(cards().getAllByRole("listitem").find((li) => li.textContent!.includes(last4))!);
    expect(row("4242").getByText("(default)")).toBeTruthy();
    await act(async () => fireEvent.click(row("4444").getByRole("button", { name: "Make default" })));
    await waitFor(() => expect(row("4444").queryByText("(default)")).not.toBeNull(), TIMEOUT);
    expect((await callAs(api, user, payments.listPaymentMethods, {})).list.find((m) => m.id === second.id)!.isDefault).toBe(true);

    // Removing asks first, naming the card; cancelling keeps it.
    await act(async () => fireEvent.click(row("4242").getByRole("button", { name: "Remove visa •••• 4242" })));
    const ask = screen.getByRole("alertdialog", { name: "Remove this card?" });
    expect(ask.textContent).toContain(`visa •••• 4242, expires 12/20${nextYear}`);
    await act(async () => fireEvent.click(within(ask).getByRole("button", { name: "Cancel" })));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(cards().getAllByRole("listitem")).toHaveLength(2);
    await act(async () => fireEvent.click(row("4242").getByRole("button", { name: "Remove visa •••• 4242" })));
    await act(async () => fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove card" })));
    await waitFor(() => expect(cards().getAllByRole("listitem")).toHaveLength(1), TIMEOUT);
    expect((await callAs(api, user, payments.listPaymentMethods, {})).list.map((m) => m.id)).toEqual([second.id]);
    // The plan card learns about the default card: the upgrade no longer asks for one.
    await waitFor(() => expect(plan().queryByText("Add a card under payment methods first.")).toBeNull(), TIMEOUT);
  }, 30_000);

  it("buys AI credits with the saved card and shows the balance and the movement", async () => {
    const user = await beginnerStore(api);
    await openAccount(user);
    expect((await screen.findByTestId("ai-credit-balance", {}, TIMEOUT)).textContent).toBe("0 credits");
    await act(async () => fireEvent.change(credits().getByLabelText("Buy more"), { target: { value: "2000" } }));
    await act(async () => fireEvent.click(credits().getByRole("button", { name: "Buy credits" })));
    expect((await credits().findByRole("status", {}, TIMEOUT)).textContent).toBe("Added 2,000 credits.");
    await waitFor(() => expect(credits().getByTestId("ai-credit-balance").textContent).toBe("2k credits"), TIMEOUT);
    await waitFor(() => expect(credits().getByRole("table").textContent).toContain("+2000"), TIMEOUT);
    expect((await callAs(api, user, plans.getAiCredits, {})).balance).toBe(2000);
  }, 30_000);
});

describe("the team on /account-info", () => {
  const teamCard = () => within(document.getElementById("account-team")!);

  /** A Professional store (the plan with team seats), reached through real upgrades. */
  async function professionalStore() {
    const user = await beginnerStore(api);
    await callAs(api, user, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
    return user;
  }

  async function invite(email: string, role: "Admin" | "Customer support") {
    fireEvent.change(teamCard().getByLabelText("Invite by email"), { target: { value: email } });
    fireEvent.change(teamCard().getByLabelText("Role"), { target: { value: role === "Admin" ? "ADMIN" : "CX" } });
    await act(async () => fireEvent.click(teamCard().getByRole("button", { name: "Send invite" })));
  }

  it("invites by email with a role, changes the role, shows an accepted member, and cancels an invite", async () => {
    const owner = await professionalStore();
    await openAccount(owner);
    await teamCard().findByText("0 of 5 additional team accounts used.", {}, TIMEOUT);

    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(email, "Admin");
    await teamCard().findByText(email, {}, TIMEOUT);
    await teamCard().findByText("1 of 5 additional team accounts used.", {}, TIMEOUT);
    expect((teamCard().getByLabelText(`Role of ${email}`) as HTMLSelectElement).value).toBe("ADMIN");
    expect((teamCard().getByLabelText("Invite by email") as HTMLInputElement).value).toBe("");
    const [sent] = (await callAs(api, owner, team.listTeamMemberInvites, {})).list;
    expect(sent).toMatchObject({ email, role: "ADMIN", status: "PENDING", invitedByUserId: owner.user.id });

    // The same address again: the API's answer shows in the form.
    await invite(email, "Customer support");
    expect((await teamCard().findByRole("alert", {}, TIMEOUT)).textContent).not.toBe("");
    expect((await callAs(api, owner, team.listTeamMemberInvites, {})).list).toHaveLength(1);

    await act(async () => fireEvent.change(teamCard().getByLabelText(`Role of ${email}`), { target: { value: "CX" } }));
    await waitFor(async () => expect((await callAs(api, owner, team.getTeamMemberInvite, { params: { id: sent!.id } })).role).toBe("CX"), TIMEOUT);

    // The invitee accepts with the token from the invite email: the row turns into a member.
    const { rows } = await api.db.query("SELECT payload->>'token' AS token FROM outbox_messages WHERE to_address = $1 AND kind = 'team_member_invite'", [email]);
    const invitee = await registerRealUser(api, email);
    await callAs(api, invitee, team.acceptTeamMemberInvite, { body: { token: rows[0].token } });
    const other = `second-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await invite(other, "Customer support");
    await teamCard().findByText(other, {}, TIMEOUT);
    const rowOf = (address: string) => within(teamCard().getAllByRole("row").find((r) => r.textContent!.includes(address))!);
    expect(rowOf(email).getByText("Member")).toBeTruthy();
    expect(rowOf(email).getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(rowOf(other).getByText("Invited")).toBeTruthy();

    await act(async () => fireEvent.click(rowOf(other).getByRole("button", { name: "Cancel invite" })));
    await waitFor(() => expect(teamCard().queryByText(other)).toBeNull(), TIMEOUT);
    const after = await callAs(api, owner, team.listTeamMemberInvites, {});
    expect(after.list.map((i) => [i.email, i.status])).toEqual([[email, "ACCEPTED"]]);
  }, 40_000);

  it("offers the upgrade when a plan without seats sends an invite, keeping the session and writing nothing", async () => {
    const owner = await registerRealUser(api);
    await openAccount(owner);
    await teamCard().findByText("0 of 0 additional team accounts used.", {}, TIMEOUT);
    expect(isUpgradePromptOpen()).toBe(false);
    await invite(`invitee-${crypto.randomUUID().slice(0, 8)}@example.com`, "Customer support");
    await waitFor(() => expect(isUpgradePromptOpen()).toBe(true), TIMEOUT);
    expect(getSession().token).toBe(owner.token);
    expect((await callAs(api, owner, team.listTeamMemberInvites, {})).list).toEqual([]);
  }, 30_000);
});
