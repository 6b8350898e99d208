/**
 * Flash messages ("המודעה תפורסם במדור …", "אתם מועברים לפרסום בקטגוריית …"): a queue that outlives the
 * wizard it was raised in (a redirect remounts the wizard for the new category). The bar shows the first.
 */
import { useSyncExternalStore } from 'react';

export const FLASH_MS = 4000;

let queue: readonly { id: number; text: string }[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function flash(text: string): void {
  queue = [...queue, { id: nextId++, text }];
  emit();
}

/** Removes the message shown (by id, so a late timer cannot remove a newer one). */
export function dismissFlash(id: number): void {
  if (queue[0]?.id !== id) return;
  queue = queue.slice(1);
  emit();
}

export function currentFlash(): { id: number; text: string } | undefined {
  return queue[0];
}

export function useFlash(): { id: number; text: string } | undefined {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    currentFlash,
    currentFlash,
  );
}
