import type { AnalyticsEvent, AnalyticsEventName } from '@app/contract/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanProps, createTracker, FLUSH_AT, FLUSH_DELAY_MS, type TrackerDeps } from './analytics.ts';

function setup(overrides: Partial<TrackerDeps> = {}) {
  const posts: AnalyticsEvent[][] = [];
  const beacons: AnalyticsEvent[][] = [];
  const deps: TrackerDeps = {
    post: async (events) => {
      posts.push(events);
    },
    beacon: (events) => {
      beacons.push(events);
      return true;
    },
    now: () => Date.now(),
    ...overrides,
  };
  return { tracker: createTracker(deps), posts, beacons };
}

describe('analytics batching', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a batch 2 s after its first event, with the time each happened', () => {
    const { tracker, posts } = setup();
    tracker.track('image_added', { slot: 1 });
    vi.advanceTimersByTime(1500);
    tracker.track('image_rotated', { slot: 1, degrees: 90 });
    vi.advanceTimersByTime(499);
    expect(posts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(posts).toEqual([
      [
        { name: 'image_added', props: { slot: 1 }, at: Date.parse('2026-11-22T10:00:00Z') },
        { name: 'image_rotated', props: { slot: 1, degrees: 90 }, at: Date.parse('2026-11-22T10:00:01.500Z') },
      ],
    ]);
    vi.advanceTimersByTime(10 * FLUSH_DELAY_MS);
    expect(posts).toHaveLength(1);
  });

  it('sends at once at 20 events, and the rest 2 s later', () => {
    const { tracker, posts } = setup();
    for (let i = 0; i < FLUSH_AT * 2 + 5; i++) tracker.track('image_reordered', { i });
    expect(posts.map((p) => p.length)).toEqual([20, 20]);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(posts.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(posts.flat().map((e) => e.props.i)).toEqual(Array.from({ length: 45 }, (_, i) => i));
  });

  it('on leaving the page sends what is queued by beacon, by fetch where the beacon refuses', () => {
    const { tracker, posts, beacons } = setup();
    tracker.track('video_upload_started');
    tracker.track('video_removed');
    tracker.flushOnExit();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.map((e) => e.name)).toEqual(['video_upload_started', 'video_removed']);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(posts).toHaveLength(0); // the timer was cancelled: nothing is sent twice

    const refusing = setup({ beacon: () => false });
    refusing.tracker.track('image_removed');
    refusing.tracker.flushOnExit();
    expect(refusing.posts).toEqual([[expect.objectContaining({ name: 'image_removed' })]]);
  });

  it('never throws: a failing or throwing transport, odd props and unknown names are absorbed', async () => {
    const { tracker } = setup({
      post: () => Promise.reject(new Error('offline')),
      beacon: () => {
        throw new Error('no beacon');
      },
    });
    tracker.track('image_upload_failed', { code: 'network' });
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    tracker.track('image_upload_failed');
    expect(() => tracker.flushOnExit()).not.toThrow();

    const throwing = setup({
      post: () => {
        throw new Error('sync failure');
      },
    });
    for (let i = 0; i < FLUSH_AT; i++) expect(() => throwing.tracker.track('image_added')).not.toThrow();

    // An unknown name is dropped here, or the server would refuse the whole batch with it.
    const { tracker: t2, posts } = setup();
    t2.track('page_view' as AnalyticsEventName);
    t2.track('image_main_set', { slot: 3 });
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(posts).toEqual([[expect.objectContaining({ name: 'image_main_set' })]]);
    await Promise.resolve();
  });

  it('keeps props flat and within the caps', () => {
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(cleanProps(many))).toHaveLength(12);
    expect(
      cleanProps({
        slot: 2,
        name: 'x'.repeat(300),
        nested: { a: 1 },
        list: [1],
        flag: true,
        nan: Number.NaN,
        'bad key': 1,
        fn: () => 1,
      }),
    ).toEqual({ slot: 2, name: 'x'.repeat(200) });
  });
});
