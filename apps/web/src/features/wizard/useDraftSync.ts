import type { Selectors, WireValues } from '@app/contract/publish';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDraft } from '../../shared/api/index.ts';
import { useCustomer } from '../../shared/session/index.ts';
import { leaveWarningEnabled } from './debug/debugSettings.ts';

/** Changes are saved this long after the last one (besides the save after each valid step). */
export const DRAFT_DEBOUNCE_MS = 1200;

export type DraftStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'failed';

/**
 * Nothing the user typed is lost: the draft (every value and the last valid step) is posted after each
 * valid step and shortly after each change; while a change is not saved yet, leaving the page warns.
 * Only the user's changes count: until there is one, values the form settles on by itself (a single option
 * taken, a default) are not a change, so opening a step neither saves a draft nor warns on leaving.
 */
export function useDraftSync(input: {
  enabled: boolean;
  selectors: Selectors;
  values: WireValues;
  lastValidStep: number;
  /** How many changes the user has made (the form's change count). */
  userChanges: number;
}) {
  const { enabled, selectors, values, lastValidStep, userChanges } = input;
  const snapshot = JSON.stringify({ values, lastValidStep });
  const saved = useRef(snapshot);
  const latest = useRef({ selectors, values, lastValidStep, snapshot });
  latest.current = { selectors, values, lastValidStep, snapshot };
  const [status, setStatus] = useState<DraftStatus>('idle');
  const dirty = enabled && userChanges > 0 && snapshot !== saved.current;

  const post = useCallback(async (override?: { lastValidStep: number }) => {
    const current = latest.current;
    const step = override?.lastValidStep ?? current.lastValidStep;
    const shot = override ? JSON.stringify({ values: current.values, lastValidStep: step }) : current.snapshot;
    setStatus('saving');
    const ok = await saveDraft(current.selectors, current.values, step);
    if (ok) saved.current = shot;
    setStatus(ok ? (saved.current === latest.current.snapshot ? 'saved' : 'dirty') : 'failed');
    return ok;
  }, []);

  // Debounced save of changes: every change (a new snapshot) restarts the wait.
  // biome-ignore lint/correctness/useExhaustiveDependencies: snapshot restarts the timer
  useEffect(() => {
    if (!dirty) return;
    setStatus((s) => (s === 'saving' ? s : 'dirty'));
    const timer = setTimeout(() => void post(), DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dirty, snapshot, post]);

  // The browser's leave-page warning while something is not saved.
  const debugMode = useCustomer().customer.debugMode;
  // The page is left on purpose once everything is saved (the owner's preview opens in this tab).
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      // A debug-mode customer may switch the warning off (the debug panel, spec §4); the switch's cookie
      // outlives their session in this browser, so it counts only while a debug-mode customer is logged in.
      if (debugMode && !leaveWarningEnabled()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, debugMode]);

  // Leaving the wizard inside the app (another step 0 choice, another page) saves what is pending.
  const pending = useRef({ enabled, dirty });
  pending.current = { enabled, dirty };
  useEffect(
    () => () => {
      if (pending.current.enabled && pending.current.dirty) void post();
    },
    [post],
  );

  /** Saves now (after a valid step), with the new last valid step. */
  const saveNow = useCallback((step: number) => post({ lastValidStep: step }), [post]);

  /**
   * Saves every value now (the open step's too, checked or not) and, once saved, lets the page go without the leave
   * warning: the owner's preview reads the draft from the server. False when it could not be saved.
   */
  const saveToLeave = useCallback(async () => {
    const ok = await post();
    leaving.current = ok && saved.current === latest.current.snapshot;
    return leaving.current;
  }, [post]);
  /** The page stays after all (the preview could not open): a change not saved warns again. */
  const stay = useCallback(() => {
    leaving.current = false;
  }, []);

  return { status: enabled ? status : 'idle', dirty, saveNow, saveToLeave, stay };
}
