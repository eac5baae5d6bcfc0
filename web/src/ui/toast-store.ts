import { useSyncExternalStore } from "react";

export type Toast = { id: number; message: string; tone: "error" | "info" | "success" };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  listeners.forEach((l) => l());
}

/** Shows a message for a few seconds; the same message twice in a row shows once. */
export function showToast(message: string, tone: Toast["tone"] = "error"): void {
  if (toasts.some((t) => t.message === message)) return;
  const toast = { id: nextId++, message, tone };
  emit([...toasts, toast]);
  setTimeout(() => dismissToast(toast.id), 6000);
}

/** The toasts on screen now. */
export function currentToasts(): Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  emit(toasts.filter((t) => t.id !== id));
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}

/** The upgrade gate: a 403 with the upgrade code opens the upgrade prompt (000 §6). */
let upgradeOpen = false;
const upgradeListeners = new Set<() => void>();
export function openUpgradePrompt(open = true): void {
  upgradeOpen = open;
  upgradeListeners.forEach((l) => l());
}
export function isUpgradePromptOpen(): boolean {
  return upgradeOpen;
}

export function useUpgradePrompt(): boolean {
  return useSyncExternalStore(
    (l) => {
      upgradeListeners.add(l);
      return () => upgradeListeners.delete(l);
    },
    () => upgradeOpen,
    () => upgradeOpen,
  );
}
