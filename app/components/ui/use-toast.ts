import { type ReactNode, useSyncExternalStore } from "react";
import type { ToastVariant } from "./toast";

/** Spec section 9: one toast at a time, removed from memory 1,000,000 ms after it is dismissed. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastOptions = { title?: ReactNode; description?: ReactNode; variant?: ToastVariant };

export type ToastItem = ToastOptions & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(options: ToastOptions) {
  const id = String(++nextId);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noToasts: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
}
