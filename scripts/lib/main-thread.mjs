// The work of a page's main thread in a Chromium trace (the "toplevel" category): its outermost tasks, each with the
// CPU time the thread spent in it (`tdur`, thread time: a busy machine stretches a task's wall time, not this), the
// sum of them, and the long ones. Used by scripts/first-load.mjs; pure, so a unit test can plant a slow task.

/** A task's event name: newer Chromium names it after its task runner. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** A task of 50 ms or more of the thread's time is long (the web's "long task", counted here in CPU time). */
export const LONG_TASK_MS = 50;

/**
 * The renderer main threads' outermost tasks in trace events: [{ ts, ms }] by thread, in order. A task inside
 * another of the same thread (a nested run loop) is part of the outer one.
 */
export function mainThreadTasks(events) {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || typeof e.tdur !== 'number') continue;
    const thread = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(thread)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(e);
    byThread.set(thread, list);
  }
  const tasks = [];
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    let endOfOuter = -Infinity;
    for (const e of list) {
      if (e.ts < endOfOuter) continue; // inside the task before it
      endOfOuter = e.ts + (e.dur ?? 0);
      tasks.push({ ts: e.ts, ms: e.tdur / 1000 });
    }
  }
  return tasks;
}

/** The main threads' CPU time in all and the long tasks' count and longest, in milliseconds. */
export function mainThreadWork(events) {
  const tasks = mainThreadTasks(events);
  const long = tasks.filter((t) => t.ms >= LONG_TASK_MS);
  return {
    cpuMs: tasks.reduce((sum, t) => sum + t.ms, 0),
    longTasks: long.length,
    longestMs: tasks.reduce((max, t) => Math.max(max, t.ms), 0),
  };
}
