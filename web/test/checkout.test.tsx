import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { REFUND_POLICY } from "@atelier/contracts/purchasing";
import {
  canEnter, formatCardNumber, isExpired, nextStep, parseExpiry, paymentMessage, previousStep, resolveStep, stepFromQuery,
} from "../src/features/checkout/checkout-steps";
import { CardForm } from "../src/features/checkout/card-form";

const cart = { cartItemCount: 2, hasShippingAddress: false, paid: false };

describe("checkout steps", () => {
  it("reads the step from the query, starting at the overview", () => {
    expect(stepFromQuery("payment")).toBe("PAYMENT");
    expect(stepFromQuery("purchase-success")).toBe("PURCHASE_SUCCESS");
    expect(stepFromQuery("SHIPPING_DETAILS")).toBe("SHIPPING_DETAILS");
    expect(stepFromQuery("bogus")).toBe("ORDER_OVERVIEW");
    expect(stepFromQuery(null)).toBe("ORDER_OVERVIEW");
  });

  it("goes overview → shipping → payment → success, and back only before payment", () => {
    expect(nextStep("ORDER_OVERVIEW")).toBe("SHIPPING_DETAILS");
    expect(nextStep("SHIPPING_DETAILS")).toBe("PAYMENT");
    expect(nextStep("PAYMENT")).toBe("PURCHASE_SUCCESS");
    expect(nextStep("PURCHASE_SUCCESS")).toBeNull();
    expect(previousStep("PAYMENT")).toBe("SHIPPING_DETAILS");
    expect(previousStep("ORDER_OVERVIEW")).toBeNull();
    expect(previousStep("PURCHASE_SUCCESS")).toBeNull();
  });

  it("does not let a link skip ahead: no shipping without items, no payment without an address", () => {
    const empty = { cartItemCount: 0, hasShippingAddress: false, paid: false };
    expect(resolveStep("PAYMENT", empty)).toBe("ORDER_OVERVIEW");
    expect(resolveStep("PAYMENT", cart)).toBe("SHIPPING_DETAILS");
    expect(resolveStep("PAYMENT", { ...cart, hasShippingAddress: true })).toBe("PAYMENT");
    expect(resolveStep("SHIPPING_DETAILS", { ...cart, hasShippingAddress: true })).toBe("SHIPPING_DETAILS");
    expect(resolveStep("PURCHASE_SUCCESS", { ...cart, hasShippingAddress: true })).toBe("PAYMENT");
    expect(canEnter("PURCHASE_SUCCESS", cart)).toBe(false);
  });

  it("shows only the success step once paid", () => {
    const paid = { cartItemCount: 0, hasShippingAddress: true, paid: true };
    expect(resolveStep("ORDER_OVERVIEW", paid)).toBe("PURCHASE_SUCCESS");
    expect(canEnter("PAYMENT", paid)).toBe(false);
  });

  it("parses card expiry and number as typed", () => {
    expect(parseExpiry("04/31")).toEqual({ expMonth: 4, expYear: 2031 });
    expect(parseExpiry(" 12 / 2030 ")).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("0430")).toBeNull();
    const now = new Date(2030, 5, 15);
    expect(isExpired({ expMonth: 6, expYear: 2030 }, now)).toBe(false);
    expect(isExpired({ expMonth: 5, expYear: 2030 }, now)).toBe(true);
    expect(formatCardNumber("4242-4242 4242424x2")).toBe("4242 4242 4242 4242");
  });

  it("says what each payment result means", () => {
    expect(paymentMessage("COMPLETED")).toContain("in production");
    expect(paymentMessage("INSTRUMENT_DECLINED")).toContain("declined");
  });
});

afterEach(cleanup);

describe("the card form", () => {
  it("states the refund policy before payment and sends a valid card", async () => {
    const onPay = vi.fn();
    render(<CardForm busy={false} submitLabel="Pay now" onPay={onPay} />);
    expect(screen.getByTestId("refund-policy").textContent).toBe(REFUND_POLICY);
    expect(REFUND_POLICY).toMatch(/Sample orders and inventory .* can't be refunded once paid/);
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242424242424242" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "12/39" } });
    fireEvent.change(screen.getByLabelText("CVC"), { target: { value: "123" } });
    fireEvent.change(screen.getByLabelText("Promotion code (optional)"), { target: { value: "products10" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pay now" })));
    expect(onPay).toHaveBeenCalledWith({ number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" }, "PRODUCTS10", false);
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("keeps a card only when its owner ticks the box, which starts unticked", async () => {
    const onPay = vi.fn();
    render(<CardForm busy={false} submitLabel="Pay now" onPay={onPay} offerSave />);
    const save = screen.getByLabelText(/Save this card for later payments/) as HTMLInputElement;
    expect(save.checked).toBe(false);
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242424242424242" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "12/39" } });
    fireEvent.change(screen.getByLabelText("CVC"), { target: { value: "123" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pay now" })));
    expect(onPay).toHaveBeenLastCalledWith({ number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" }, undefined, false);
    await act(async () => fireEvent.click(save));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pay now" })));
    expect(onPay).toHaveBeenLastCalledWith({ number: "4242424242424242", expMonth: 12, expYear: 2039, cvc: "123" }, undefined, true);
  });

  it("does not send an incomplete or expired card", async () => {
    const onPay = vi.fn();
    render(<CardForm busy={false} submitLabel="Pay now" onPay={onPay} />);
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "01/20" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pay now" })));
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getByText("Enter the 12 to 19 digits of the card number.")).toBeTruthy();
    expect(screen.getByText("This card has expired.")).toBeTruthy();
    expect(screen.getByText("Enter the 3 or 4 digit security code.")).toBeTruthy();
  });
});
