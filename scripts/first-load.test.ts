import { describe, expect, it } from 'vitest';
import { LONG_TASK_MS, mainThreadWork } from './lib/main-thread.mjs';

/** A trace: a renderer's main thread and another thread of it, with tasks given as [start ms, CPU ms, wall ms]. */
function trace(main: [number, number, number][], other: [number, number, number][] = []) {
  const task =
    (tid: number) =>
    ([at, cpu, wall]: [number, number, number]) => ({
      ph: 'X',
      name: 'ThreadControllerImpl::RunTask',
      cat: 'toplevel',
      pid: 7,
      tid,
      ts: at * 1000,
      dur: wall * 1000,
      tdur: cpu * 1000,
    });
  return [
    { ph: 'M', name: 'thread_name', pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
    { ph: 'M', name: 'thread_name', pid: 7, tid: 2, args: { name: 'Compositor' } },
    ...main.map(task(1)),
    ...other.map(task(2)),
  ];
}

describe("the first load's main-thread work (scripts/first-load.mjs)", () => {
  it("sums the main thread's outermost tasks by CPU time, not other threads', and not a task inside another twice", () => {
    const work = mainThreadWork(
      trace(
        [
          [0, 10, 12],
          [20, 65, 90],
          [30, 5, 5], // inside the task at 20 (a nested run loop)
          [200, 30, 300], // a long wall time on a busy machine, little CPU: no long task
        ],
        [[0, 500, 500]],
      ),
    );
    expect(work).toEqual({ cpuMs: 105, longTasks: 1, longestMs: 65 });
  });

  it('a planted slow task shows in the sum, the longest task and the count', () => {
    const before = mainThreadWork(
      trace([
        [0, 40, 40],
        [100, 65, 70],
      ]),
    );
    const planted = mainThreadWork(
      trace([
        [0, 40, 40],
        [100, 65, 70],
        [200, 600, 610],
      ]),
    );
    expect(planted.cpuMs - before.cpuMs).toBe(600);
    expect(planted.longestMs).toBe(600);
    expect(planted.longTasks).toBe(before.longTasks + 1);
    expect(LONG_TASK_MS).toBe(50);
  });
});
