import type { AdImage, ImageUploadResponse } from '@app/contract/media';
import { describe, expect, it } from 'vitest';
import type { ApiResult, SlotUpload } from '../../shared/api/index.ts';
import { type DevicePipeline, PhotoError, type PreparedPhoto } from './device/types.ts';
import { type MediaApi, MediaSession } from './session.ts';

/** A server that keeps slots and an order like ours, failing a share of requests at random when asked to. */
class FakeServer implements MediaApi {
  slots = new Map<number, string>();
  sequence: number[] = [];
  stores = 0;
  calls = 0;
  constructor(
    private failRate = 0,
    private rand: () => number = Math.random,
  ) {}
  private images(): AdImage[] {
    return this.sequence.map((slot, i) => ({
      id: String(slot),
      picNumber: slot,
      position: i + 1,
      main: i === 0,
      url: `/media/${this.slots.get(slot)}`,
      thumbnailUrl: `/media/t-${slot}`,
      width: 1,
      height: 1,
      bytes: 1,
      reused: false,
    }));
  }
  async upload(_orderId: number, upload: SlotUpload): Promise<ApiResult<ImageUploadResponse>> {
    this.calls++;
    await Promise.resolve();
    if (this.rand() < this.failRate) return { ok: false, status: this.rand() < 0.5 ? 0 : 503, data: null };
    const slot = upload.picNumber;
    if (upload.deleteImage) {
      this.slots.delete(slot);
      this.sequence = this.sequence.filter((s) => s !== slot);
    } else {
      const text = await (upload.image as Blob).text();
      if (this.slots.get(slot) !== text) this.stores++;
      this.slots.set(slot, text);
      if (!this.sequence.includes(slot)) this.sequence.push(slot);
    }
    // A lost answer: stored, but the browser sees a failure and retries.
    if (this.rand() < this.failRate / 2) return { ok: false, status: 0, data: null };
    return { ok: true, status: 200, data: { status: 'ok', picNumber: slot, image: null, images: this.images() } };
  }
  async list() {
    return { ok: true, status: 200, data: { images: this.images() } };
  }
  async order(_orderId: number, order: number[]) {
    this.calls++;
    if (this.rand() < this.failRate) return { ok: false, status: 503, data: null };
    if (order.length !== this.sequence.length || order.some((s) => !this.sequence.includes(s)))
      return { ok: false, status: 400, data: null };
    this.sequence = [...order];
    return { ok: true, status: 200, data: { images: this.images() } };
  }
}

const device: DevicePipeline = {
  async preparePhoto(file: File): Promise<PreparedPhoto> {
    if (file.name.startsWith('broken')) throw new PhotoError('load', file.name);
    const tall = file.name.startsWith('tall');
    return {
      blob: new Blob([file.name]),
      width: tall ? 600 : 800,
      height: tall ? 800 : 600,
      orientation: 1,
      name: file.name,
      originalBytes: file.size,
    };
  },
  async renderPhoto(photo, edit) {
    return new Blob([`${photo.name}|r${edit.rotation}|${edit.crop ? JSON.stringify(edit.crop) : 'full'}`]);
  },
};

function session(server: MediaApi, extra: Partial<ConstructorParameters<typeof MediaSession>[0]> = {}) {
  return new MediaSession({
    cap: 10,
    size: { width: 1120, height: 840 },
    api: server,
    device: async () => device,
    ensureOrderId: async () => 50000001,
    sleep: async () => {},
    createUrl: (blob) => `blob:${blob.size}`,
    revokeUrl: () => {},
    ...extra,
  });
}

const files = (...names: string[]) => names.map((n) => new File(['x'.repeat(10)], n, { type: 'image/jpeg' }));

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('MediaSession', () => {
  it('keeps the cap and says how many were left out', async () => {
    const s = session(new FakeServer());
    await s.add(files(...Array.from({ length: 12 }, (_, i) => `p${i + 1}.jpg`)));
    expect(s.getSnapshot().photos).toHaveLength(10);
    expect(s.getSnapshot().notices.map((n) => n.text)).toEqual(['אפשר להעלות עד 10 תמונות, ולכן 2 תמונות לא נוספו']);
  });

  it('names each file that is not a photo in a notice, and takes nothing for it', async () => {
    const s = session(new FakeServer());
    s.notAdded(['מסמך.pdf']);
    await s.add(files('a.jpg'));
    expect(s.getSnapshot().photos.map((p) => p.name)).toEqual(['a.jpg']);
    expect(s.getSnapshot().notices.map((n) => n.text)).toEqual(['הקובץ "מסמך.pdf" אינו תמונה, ולכן לא נוסף']);
  });

  it('removes a photo that fails to load, naming it, and goes on with the rest', async () => {
    const server = new FakeServer();
    const s = session(server);
    await s.add(files('a.jpg', 'broken.heic', 'b.jpg'));
    expect(s.getSnapshot().photos.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(s.getSnapshot().notices[0]?.text).toContain('broken.heic');
    expect(await s.flush(50000001)).toBe(true);
    expect(server.sequence).toEqual([1, 3].filter((slot) => server.slots.has(slot)));
  });

  it('with a third of the requests failing, every photo is stored exactly once, in the screen order', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const server = new FakeServer(1 / 3, seeded(seed));
      const s = session(server, { random: seeded(seed + 100) });
      await s.add(files('a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg'));
      const [a, , c] = s.getSnapshot().photos;
      s.move(c?.id ?? '', 0);
      s.remove(a?.id ?? '');
      await s.edit(s.getSnapshot().photos[1]?.id ?? '', { rotation: 270 });
      expect(await s.flush(50000001)).toBe(true);
      const screen = s.getSnapshot().photos;
      expect(server.sequence).toEqual(screen.map((p) => p.slot));
      // Each slot holds the latest render of its photo; nothing else is stored.
      expect(server.slots.size).toBe(5);
      expect(server.slots.get(screen[1]?.slot ?? 0)).toBe('b.jpg|r270|full');
      expect(s.getSnapshot().photos.every((p) => p.status === 'uploaded')).toBe(true);
    }
  });

  it('a photo made main while the previous order is on its way to the server is sent after it, not lost', async () => {
    const server = new FakeServer();
    const sent: number[][] = [];
    let release = () => {};
    const order = server.order.bind(server);
    server.order = async (orderId, wanted) => {
      sent.push(wanted);
      // The first order (the upload order) is answered only after the user has moved a photo.
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return order(orderId, wanted);
    };
    const s = session(server);
    await s.add(files('a.jpg', 'b.jpg', 'c.jpg'));
    await expect.poll(() => sent.length).toBe(1);
    const third = s.getSnapshot().photos[2]?.id ?? '';
    s.move(third, 0);
    release();
    await expect.poll(() => server.sequence).toEqual([3, 1, 2]);
    expect(sent).toEqual([
      [1, 2, 3],
      [3, 1, 2],
    ]);
    await expect.poll(() => s.complete).toBe(true);
  });

  it('waits for an ad while the user is a visitor, then uploads after bind', async () => {
    const server = new FakeServer();
    const s = session(server, { ensureOrderId: async () => null });
    await s.add(files('a.jpg'));
    await new Promise((r) => setTimeout(r, 0));
    expect(s.getSnapshot().waitingForAd).toBe(true);
    expect(server.calls).toBe(0);
    expect(await s.flush(50000002)).toBe(true);
    expect(server.sequence).toEqual([1]);
  });

  it('crops the teacher photo around its centre to the stored proportions', async () => {
    const server = new FakeServer();
    const s = session(server, { cap: 1, centerPoint: true });
    await s.add(files('tall.jpg', 'second.jpg'));
    expect(await s.flush(50000003)).toBe(true);
    expect(server.slots.get(1)).toBe('tall.jpg|r0|{"x":0,"y":175,"width":600,"height":450}');
    expect(s.getSnapshot().notices[0]?.text).toBe('אפשר להעלות תמונה אחת בלבד, ולכן תמונה אחת לא נוספה');
  });

  it('says a photo fits stories by its stored shape: not the teacher photo cropped to 4:3, a turned one yes', async () => {
    const s = session(new FakeServer());
    await s.add(files('tall.jpg', 'wide.jpg'));
    expect(s.getSnapshot().photos.map((p) => p.storiesFit)).toEqual([true, false]);
    await s.edit(s.getSnapshot().photos[1]?.id ?? '', { rotation: 90 });
    await s.edit(s.getSnapshot().photos[0]?.id ?? '', { rotation: 0, crop: { x: 0, y: 0, width: 600, height: 450 } });
    expect(s.getSnapshot().photos.map((p) => p.storiesFit)).toEqual([false, true]);

    const teacher = session(new FakeServer(), { cap: 1, centerPoint: true });
    await teacher.add(files('tall.jpg'));
    expect(teacher.getSnapshot().photos[0]?.storiesFit).toBe(false);
  });

  it('when the login has ended (422) photos wait instead of being removed, and go up after the next login', async () => {
    const server = new FakeServer();
    let loggedIn = true;
    const api: MediaApi = {
      upload: (orderId, upload) =>
        loggedIn ? server.upload(orderId, upload) : Promise.resolve({ ok: false, status: 422, data: null }),
      list: () => server.list(),
      order: (orderId, order) =>
        loggedIn ? server.order(orderId, order) : Promise.resolve({ ok: false, status: 422, data: null }),
    };
    const s = session(api);
    await s.add(files('a.jpg'));
    expect(await s.flush(50000001)).toBe(true);
    loggedIn = false;
    await s.add(files('b.jpg', 'c.jpg'));
    await new Promise((r) => setTimeout(r, 0));
    const snapshot = s.getSnapshot();
    expect(snapshot.photos.map((p) => [p.name, p.status])).toEqual([
      ['a.jpg', 'uploaded'],
      ['b.jpg', 'ready'],
      ['c.jpg', 'ready'],
    ]);
    expect(snapshot.waitingForAd).toBe(true);
    expect(snapshot.notices).toEqual([]);
    loggedIn = true;
    s.resume();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.getSnapshot().waitingForAd).toBe(false);
    expect(s.getSnapshot().photos.map((p) => p.status)).toEqual(['uploaded', 'uploaded', 'uploaded']);
    expect(await s.flush(50000001)).toBe(true);
    expect(server.sequence).toEqual([1, 2, 3]);
  });

  it('a refused photo (4xx) is removed with the server reason; the flush reports a lasting failure', async () => {
    const refusing: MediaApi = {
      upload: async () => ({ ok: false, status: 415, data: { message: 'הקובץ אינו תמונה' } as never }),
      list: async () => ({ ok: true, status: 200, data: { images: [] } }),
      order: async () => ({ ok: true, status: 200, data: { images: [] } }),
    };
    const s = session(refusing);
    await s.add(files('x.jpg'));
    expect(await s.flush(1)).toBe(true);
    expect(s.getSnapshot().photos).toHaveLength(0);
    expect(s.getSnapshot().notices[0]?.text).toBe('התמונה "x.jpg" לא נשמרה: הקובץ אינו תמונה');

    const down: MediaApi = { ...refusing, upload: async () => ({ ok: false, status: 0, data: null }) };
    const t = session(down, { attempts: 3 });
    await t.add(files('y.jpg'));
    expect(await t.flush(1)).toBe(false);
    expect(t.getSnapshot().photos[0]?.status).toBe('failed');
  });

  /** A server whose answers the test switches: 'ok', 'down' (503) for deletes only, or 'login' (422) for all. */
  function switchable() {
    const server = new FakeServer();
    const state = { deletes: 'ok' as 'ok' | 'down', login: false };
    const api: MediaApi = {
      upload: async (orderId, upload) => {
        if (state.login) return { ok: false, status: 422, data: null };
        if (upload.deleteImage && state.deletes === 'down') return { ok: false, status: 503, data: null };
        return server.upload(orderId, upload);
      },
      list: () => server.list(),
      order: (orderId, order) => server.order(orderId, order),
    };
    return { server, state, api };
  }

  it('a delete that keeps failing ends the save with false (no endless wait) and never deletes a newer photo', async () => {
    const { server, state, api } = switchable();
    const s = session(api, { attempts: 2 });
    await s.add(files('a.jpg'));
    expect(await s.flush(7)).toBe(true);
    state.deletes = 'down';
    s.remove(s.getSnapshot().photos[0]?.id ?? '');
    await s.add(files('b.jpg'));
    // The removed photo's delete cannot run: the save says so instead of waiting forever.
    expect(await s.flush(7)).toBe(false);
    state.deletes = 'ok';
    expect(await s.flush(7)).toBe(true);
    // Only b is on the server, in its own slot, and nothing deleted it.
    expect([...server.slots.values()]).toEqual(['b.jpg|r0|full']);
    expect(server.sequence).toEqual(s.getSnapshot().photos.map((p) => p.slot));
  });

  it("a removed photo's delete waiting for a login is kept when another photo comes and goes in that slot", async () => {
    const { server, state, api } = switchable();
    const s = session(api);
    await s.add(files('a.jpg'));
    expect(await s.flush(8)).toBe(true);
    state.login = true;
    s.remove(s.getSnapshot().photos[0]?.id ?? '');
    await s.add(files('b.jpg'));
    s.remove(s.getSnapshot().photos[0]?.id ?? '');
    await new Promise((r) => setTimeout(r, 0));
    state.login = false;
    expect(await s.flush(8)).toBe(true);
    expect(server.slots.size).toBe(0);
    expect(server.sequence).toEqual([]);
  });

  it('edit: shows every stored photo in order, even beyond a smaller edit cap, and takes no more', async () => {
    const server = new FakeServer();
    const published = session(server);
    await published.add(files('a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'));
    expect(await published.flush(50000001)).toBe(true);
    published.move(published.getSnapshot().photos[3]?.id ?? '', 0);
    expect(await published.flush(50000001)).toBe(true);

    const edit = session(server, { cap: 3 });
    await edit.restore(50000001);
    expect(edit.getSnapshot().photos.map((p) => [p.slot, p.status])).toEqual([
      [4, 'uploaded'],
      [1, 'uploaded'],
      [2, 'uploaded'],
      [3, 'uploaded'],
    ]);
    await edit.add(files('e.jpg'));
    expect(edit.getSnapshot().photos).toHaveLength(4);
    edit.remove(edit.getSnapshot().photos[1]?.id ?? '');
    edit.remove(edit.getSnapshot().photos[1]?.id ?? '');
    expect(await edit.flush(50000001)).toBe(true);
    expect(server.sequence).toEqual([4, 3]);
  });
});
