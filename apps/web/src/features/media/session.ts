/**
 * The photos of one wizard: chosen, prepared on the device, edited, ordered, and uploaded in the
 * background to the ad's slots (picNumber), a few at a time, with retries and back-off. A React external store
 * (subscribe / getSnapshot); the save chain waits on `flush`, which only waits for what is still in flight.
 *
 * Every operation on a slot runs after the previous one on that slot (a re-crop's upload never lands before the
 * first), so the server ends up with what the screen shows; the server keeps a retried upload once (same bytes
 * to the same slot), and the order (first = main photo) is sent once everything is stored.
 */
import type { AnalyticsEventName } from '@app/contract/analytics';
import type { AdImage, ImageUploadResponse } from '@app/contract/media';
import type { ApiResult, SlotUpload } from '../../shared/api/index.ts';
import { heMedia } from '../../shared/i18n/index.ts';
import type { CropArea, DevicePipeline, PreparedPhoto, Rotation } from './device/types.ts';
import { PhotoError } from './device/types.ts';

export type PhotoStatus = 'preparing' | 'ready' | 'uploading' | 'uploaded' | 'failed';

export interface PhotoView {
  id: string;
  slot: number;
  name: string;
  status: PhotoStatus;
  /** Object URL of the photo as it will be stored, or the server's thumbnail. */
  previewUrl: string | undefined;
  width: number;
  height: number;
  /** A vertical photo up to 5 MB: it can also be shown in stories. */
  storiesFit: boolean;
  /** The server found it in another of the user's ads. */
  reused: boolean;
}

export interface MediaSnapshot {
  photos: readonly PhotoView[];
  /** Messages for the user (a photo left out, removed, refused), newest last. */
  notices: readonly { id: number; text: string }[];
  /** No ad to upload to yet (a visitor): photos wait. */
  waitingForAd: boolean;
}

export interface PhotoEdit {
  rotation: Rotation;
  crop?: CropArea | undefined;
}

export interface MediaApi {
  upload(orderId: number, upload: SlotUpload, signal?: AbortSignal): Promise<ApiResult<ImageUploadResponse>>;
  list(orderId: number): Promise<ApiResult<{ images: AdImage[] }>>;
  order(orderId: number, order: number[]): Promise<ApiResult<{ images: AdImage[] }>>;
}

export interface MediaSessionOptions {
  cap: number;
  /** The stored photo's size (the cropper's size, 1120x840). */
  size: { width: number; height: number };
  /** The teacher's photo: cropped around its centre to the size's proportions by default. */
  centerPoint?: boolean;
  api: MediaApi;
  device: () => Promise<DevicePipeline>;
  /** The ad to upload to (reserving one when needed); null for a visitor. */
  ensureOrderId: () => Promise<number | null>;
  /** Uploads at once (default 3). */
  concurrency?: number;
  /** Attempts per upload before it is marked failed (default 8). */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  createUrl?: (blob: Blob) => string;
  revokeUrl?: (url: string) => void;
  /** An image/video action for analytics. */
  track?: (name: AnalyticsEventName, props?: Record<string, string | number>) => void;
}

interface Entry extends PhotoView {
  prepared?: PreparedPhoto | undefined;
  /** The JPEG to upload for `version`. */
  rendered?: Blob | undefined;
  /** Bumped by every edit; the server holds `storedVersion`. */
  version: number;
  storedVersion: number;
  edit: PhotoEdit;
  ownUrl: boolean;
  /** A stored photo restored from the server, not chosen in this visit: its JPEG is fetched to edit it. */
  remoteUrl?: string | undefined;
}

type Op = { kind: 'put'; slot: number; id: string; version: number } | { kind: 'delete'; slot: number };

const STORIES_MAX_BYTES = 5 * 1024 * 1024;
const PERMANENT = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
/** The server's "log in first" (requireCustomer): the session ended while the wizard was open. */
const LOGIN_NEEDED = 422;
const UPLOAD_TIMEOUT_MS = 90_000;

/** A call that threw: answered like a network failure. */
const FAILED = { ok: false, status: 0, data: null } as const;

let nextId = 1;

/**
 * A photo stories can show: the photo as it is stored (after its crop and rotation, so not the teacher's photo
 * cropped to 4:3, and a landscape photo turned a quarter is) is vertical, and the chosen file is up to 5 MB.
 */
function storiesFit(photo: PreparedPhoto, edit: PhotoEdit): boolean {
  const quarter = edit.rotation === 90 || edit.rotation === 270;
  const shape = edit.crop ?? (quarter ? { width: photo.height, height: photo.width } : photo);
  return shape.height > shape.width && photo.originalBytes <= STORIES_MAX_BYTES;
}

export class MediaSession {
  private entries: Entry[] = [];
  private ops: Op[] = [];
  private running = new Map<number, AbortController>();
  private orderId: number | null = null;
  private binding: Promise<number | null> | null = null;
  private orderDirty = false;
  private orderSyncing = false;
  private notices: { id: number; text: string }[] = [];
  private listeners = new Set<() => void>();
  private idleWaiters: (() => void)[] = [];
  private snapshot: MediaSnapshot = { photos: [], notices: [], waitingForAd: false };
  private waitingForAd = false;
  /** Slots whose delete ran out of attempts (tried again by retry and flush). */
  private failedDeletes = new Set<number>();
  /** The server answered 422 (the login has ended): uploads wait for the next login instead of failing. */
  private loginNeeded = false;
  private disposed = false;
  private readonly o: Required<
    Pick<MediaSessionOptions, 'concurrency' | 'attempts' | 'sleep' | 'random' | 'createUrl' | 'revokeUrl'>
  > &
    MediaSessionOptions;

  constructor(options: MediaSessionOptions) {
    this.o = {
      concurrency: 3,
      attempts: 8,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      random: Math.random,
      createUrl: (blob) => URL.createObjectURL(blob),
      revokeUrl: (url) => URL.revokeObjectURL(url),
      ...options,
    };
  }

  // --- the store ---------------------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  get cap() {
    return this.o.cap;
  }

  /** The stored photo's size (the crop proportions). */
  get size() {
    return this.o.size;
  }

  private changed() {
    this.snapshot = {
      photos: this.entries.map((e) => ({
        id: e.id,
        slot: e.slot,
        name: e.name,
        status: e.status,
        previewUrl: e.previewUrl,
        width: e.width,
        height: e.height,
        storiesFit: e.storiesFit,
        reused: e.reused,
      })),
      notices: [...this.notices],
      waitingForAd: this.waitingForAd,
    };
    for (const listener of this.listeners) listener();
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private notify(text: string) {
    this.notices = [...this.notices.slice(-4), { id: nextId++, text }];
  }

  /** Files that are not photos at all (a PDF dropped on the area): left out, each named in a notice. */
  notAdded(names: readonly string[]) {
    if (names.length === 0) return;
    for (const name of names) this.notify(heMedia.unsupported(name || heMedia.photoFallback));
    this.changed();
  }

  dismissNotice(id: number) {
    this.notices = this.notices.filter((n) => n.id !== id);
    this.changed();
  }

  // --- choosing ----------------------------------------------------------------------------------------------

  /** Adds chosen files up to the cap (the rest are left out with a notice) and prepares them. */
  async add(files: readonly File[]): Promise<void> {
    const free = this.o.cap - this.entries.length;
    const kept = files.slice(0, Math.max(0, free));
    const ignored = files.length - kept.length;
    if (ignored > 0) this.notify(heMedia.overCap(ignored, this.o.cap));
    const added = kept.map((file) => {
      const entry: Entry = {
        id: `p${nextId++}`,
        slot: this.freeSlot(),
        name: file.name || heMedia.photoFallback,
        status: 'preparing',
        previewUrl: undefined,
        width: 0,
        height: 0,
        storiesFit: false,
        reused: false,
        version: 0,
        storedVersion: 0,
        edit: { rotation: 0 },
        ownUrl: false,
      };
      this.entries.push(entry);
      return { entry, file };
    });
    this.changed();
    if (added.length === 0) return;
    const device = await this.o.device().catch(() => null);
    // Two at a time: a phone holds a few decoded photos in memory, not twelve.
    let index = 0;
    const worker = async () => {
      while (index < added.length) {
        const item = added[index++];
        if (item) await this.prepare(device, item.entry, item.file);
      }
    };
    await Promise.all([worker(), worker()]);
  }

  /** The lowest slot no photo (or pending delete) uses. */
  /**
   * The lowest slot no photo uses, preferring one with no delete still to do; a slot whose delete failed is
   * taken last, and its delete is queued first so it runs before the new photo's upload.
   */
  private freeSlot(): number {
    const used = new Set(this.entries.map((e) => e.slot));
    const deleting = new Set(this.ops.filter((op) => op.kind === 'delete').map((op) => op.slot));
    const slots = Array.from({ length: this.o.cap }, (_, i) => i + 1).filter((slot) => !used.has(slot));
    const clean = slots.find((slot) => !deleting.has(slot) && !this.failedDeletes.has(slot));
    if (clean !== undefined) return clean;
    const queued = slots.find((slot) => !this.failedDeletes.has(slot));
    if (queued !== undefined) return queued;
    const slot = slots[0] ?? this.o.cap;
    if (this.failedDeletes.delete(slot)) this.ops.unshift({ kind: 'delete', slot });
    return slot;
  }

  private async prepare(device: DevicePipeline | null, entry: Entry, file: File) {
    try {
      if (!device) throw new PhotoError('load', file.name);
      const prepared = await device.preparePhoto(file);
      if (!this.entries.includes(entry)) return;
      entry.prepared = prepared;
      entry.width = prepared.width;
      entry.height = prepared.height;
      entry.edit = { rotation: 0, crop: this.o.centerPoint ? this.centreCrop(prepared) : undefined };
      await this.render(device, entry);
      this.o.track?.('image_added', { slot: entry.slot });
    } catch (error) {
      this.drop(entry, error);
    }
  }

  /** The largest area of the stored size's proportions around the photo's centre (the teacher's photo). */
  private centreCrop(photo: { width: number; height: number }): CropArea {
    const ratio = this.o.size.width / this.o.size.height;
    const width = Math.min(photo.width, Math.round(photo.height * ratio));
    const height = Math.min(photo.height, Math.round(width / ratio));
    return {
      x: Math.round((photo.width - width) / 2),
      y: Math.round((photo.height - height) / 2),
      width,
      height,
    };
  }

  private async render(device: DevicePipeline, entry: Entry) {
    if (!entry.prepared) return;
    const version = entry.version + 1;
    const blob = await device.renderPhoto(entry.prepared, entry.edit, this.o.size);
    if (!this.entries.includes(entry)) return;
    entry.version = version;
    entry.rendered = blob;
    entry.storiesFit = storiesFit(entry.prepared, entry.edit);
    this.setPreview(entry, this.o.createUrl(blob), true);
    entry.status = 'ready';
    this.enqueue({ kind: 'put', slot: entry.slot, id: entry.id, version });
    this.orderDirty = true;
    this.changed();
    void this.pump();
  }

  private setPreview(entry: Entry, url: string, own: boolean) {
    if (entry.previewUrl && entry.ownUrl) this.o.revokeUrl(entry.previewUrl);
    entry.previewUrl = url;
    entry.ownUrl = own;
  }

  /** A photo that could not be loaded or cropped is removed, with a message naming it. */
  private drop(entry: Entry, error: unknown) {
    const kind = error instanceof PhotoError ? error.kind : 'load';
    const texts: Record<PhotoError['kind'], (name: string) => string> = {
      unsupported: heMedia.unsupported,
      crop: heMedia.cropFailed,
      load: heMedia.loadFailed,
      // The server's own words for the same refusal, as if it had been sent (it never is).
      tooLarge: (name) => heMedia.refused(name, heMedia.tooManyPixels),
      blank: heMedia.blank,
    };
    this.notify(texts[kind](entry.name));
    this.removeEntry(entry);
    this.changed();
  }

  // --- editing, order, removal -------------------------------------------------------------------------------

  /** The working copy of a photo for the editor (a restored photo's stored JPEG is prepared on demand). */
  async editable(id: string): Promise<{ url: string; photo: PreparedPhoto; edit: PhotoEdit } | null> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return null;
    if (!entry.prepared && entry.remoteUrl) {
      const response = await fetch(entry.remoteUrl).catch(() => null);
      const blob = response?.ok ? await response.blob() : null;
      if (!blob) return null;
      const device = await this.o.device();
      entry.prepared = await device.preparePhoto(new File([blob], entry.name, { type: 'image/jpeg' }));
    }
    if (!entry.prepared) return null;
    return { url: this.o.createUrl(entry.prepared.blob), photo: entry.prepared, edit: entry.edit };
  }

  /** A new crop or rotation: rendered again and uploaded to the same slot. */
  async edit(id: string, edit: PhotoEdit): Promise<void> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry?.prepared) return;
    const before = entry.edit;
    entry.edit = edit;
    try {
      const device = await this.o.device();
      await this.render(device, entry);
      if (edit.rotation !== before.rotation) this.o.track?.('image_rotated', { slot: entry.slot });
      if (edit.crop) this.o.track?.('image_cropped', { slot: entry.slot });
    } catch (error) {
      this.drop(entry, error);
    }
  }

  remove(id: string) {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    this.removeEntry(entry);
    this.o.track?.('image_removed', { slot: entry.slot });
    this.changed();
    void this.pump();
  }

  private removeEntry(entry: Entry) {
    this.entries = this.entries.filter((e) => e !== entry);
    if (entry.previewUrl && entry.ownUrl) this.o.revokeUrl(entry.previewUrl);
    // Pending uploads of the slot are dropped; what the server has (or may be receiving) is deleted after it.
    this.ops = this.ops.filter((op) => !(op.kind === 'put' && op.slot === entry.slot));
    const deletePending = this.ops.some((op) => op.kind === 'delete' && op.slot === entry.slot);
    if ((entry.storedVersion > 0 || this.running.has(entry.slot)) && !deletePending)
      this.enqueue({ kind: 'delete', slot: entry.slot });
    this.orderDirty = true;
  }

  /** Moves a photo to `to` (0 = the main photo). */
  move(id: string, to: number) {
    const from = this.entries.findIndex((e) => e.id === id);
    if (from < 0 || to < 0 || to >= this.entries.length || from === to) return;
    const [entry] = this.entries.splice(from, 1);
    if (!entry) return;
    this.entries.splice(to, 0, entry);
    this.orderDirty = true;
    this.o.track?.(to === 0 ? 'image_main_set' : 'image_reordered', { from: from + 1, to: to + 1 });
    this.changed();
    void this.pump();
  }

  // --- uploading ---------------------------------------------------------------------------------------------

  private enqueue(op: Op) {
    // A newer upload of a slot replaces one that has not started.
    if (op.kind === 'put') this.ops = this.ops.filter((o) => !(o.kind === 'put' && o.slot === op.slot));
    this.ops.push(op);
  }

  /** Uploads go to this ad from now on (the first save's OrderID, or the edited ad). */
  bind(orderId: number) {
    if (this.orderId === orderId) return;
    // Another ad than the photos went to (a save that could not use the reserved one): they all go again.
    if (this.orderId !== null) {
      for (const entry of this.entries) {
        if (!entry.rendered) continue;
        entry.storedVersion = 0;
        entry.status = 'ready';
        this.enqueue({ kind: 'put', slot: entry.slot, id: entry.id, version: entry.version });
      }
      this.ops = this.ops.filter((op) => op.kind === 'put');
      this.orderDirty = true;
    }
    this.orderId = orderId;
    this.waitingForAd = false;
    this.changed();
    void this.pump();
  }

  /** Tries again to find the ad and to upload (after a login). */
  resume() {
    this.loginNeeded = false;
    void this.pump();
  }

  /** The ad the photos (or the video) already go to, if one is known; no call. */
  get boundOrderId(): number | null {
    return this.orderId;
  }

  /** After a StrictMode remount (development) the same session works again. */
  revive() {
    this.disposed = false;
  }

  /** The ad uploads go to, found (or reserved) now if needed; null for a visitor. */
  ensureAd(): Promise<number | null> {
    return this.ad();
  }

  private async ad(): Promise<number | null> {
    if (this.orderId === null) await this.findAd();
    // Known or found now: the photos no longer wait (also after a login that had ended, for a known ad).
    const waiting = this.orderId === null;
    if (waiting !== this.waitingForAd) {
      this.waitingForAd = waiting;
      this.changed();
    }
    return this.orderId;
  }

  private async findAd(): Promise<void> {
    if (!this.binding) {
      this.binding = this.o
        .ensureOrderId()
        .catch(() => null)
        .finally(() => {
          this.binding = null;
        });
    }
    const id = await this.binding;
    if (id !== null && this.orderId === null) this.orderId = id;
  }

  private async pump(): Promise<void> {
    if (this.disposed) return;
    if (this.ops.length === 0 && this.running.size === 0) {
      if (this.orderDirty) await this.syncOrder();
      this.changed();
      return;
    }
    if (this.loginNeeded) return;
    const orderId = await this.ad();
    if (orderId === null) return;
    for (const op of [...this.ops]) {
      if (this.running.size >= this.o.concurrency) break;
      if (this.running.has(op.slot)) continue;
      this.ops = this.ops.filter((o) => o !== op);
      const controller = new AbortController();
      this.running.set(op.slot, controller);
      void this.run(orderId, op, controller.signal).finally(() => {
        this.running.delete(op.slot);
        void this.pump();
      });
    }
  }

  private backoff(attempt: number) {
    const base = Math.min(8000, 400 * 2 ** attempt);
    return Math.round(base * (0.5 + this.o.random() / 2));
  }

  private async run(orderId: number, op: Op, signal: AbortSignal): Promise<void> {
    const entry = op.kind === 'put' ? this.entries.find((e) => e.id === op.id) : undefined;
    if (op.kind === 'put' && (!entry?.rendered || entry.version !== op.version)) return;
    if (entry) {
      entry.status = 'uploading';
      this.changed();
    }
    for (let attempt = 0; attempt < this.o.attempts; attempt++) {
      if (this.disposed) return;
      const upload: SlotUpload =
        op.kind === 'put'
          ? { picNumber: op.slot, image: entry?.rendered, orientation: 1 }
          : { picNumber: op.slot, deleteImage: true };
      // A request that hangs counts as a failure after 90 s, so the save's wait always ends.
      const timed = AbortSignal.any([signal, AbortSignal.timeout(UPLOAD_TIMEOUT_MS)]);
      const result = await this.o.api.upload(orderId, upload, timed).catch(() => FAILED);
      if (result.status === LOGIN_NEEDED) return this.waitForLogin(op, entry);
      if (result.ok) {
        if (entry && this.entries.includes(entry)) {
          const version = op.kind === 'put' ? op.version : 0;
          entry.storedVersion = version;
          if (entry.version === version) entry.status = 'uploaded';
          const stored = result.data?.image;
          if (stored && 'reused' in stored) entry.reused = (stored as { reused?: boolean }).reused === true;
          this.o.track?.('image_upload_done', { slot: op.slot });
        }
        this.changed();
        return;
      }
      if (PERMANENT(result.status)) {
        if (entry && this.entries.includes(entry)) {
          const reason = (result.data as { message?: string } | null)?.message ?? '';
          this.notify(heMedia.refused(entry.name, reason));
          this.removeEntry(entry);
          this.o.track?.('image_upload_failed', { slot: op.slot, status: result.status });
        }
        this.changed();
        return;
      }
      if (attempt < this.o.attempts - 1) await this.o.sleep(this.backoff(attempt));
    }
    if (entry && this.entries.includes(entry) && op.kind === 'put' && entry.version === op.version) {
      entry.status = 'failed';
      this.o.track?.('image_upload_failed', { slot: op.slot, status: 0 });
    } else if (op.kind === 'delete') {
      // Kept aside for the next try (retry, flush): the server must not keep a removed photo, and a delete must
      // never run after a newer photo's upload to the same slot.
      this.failedDeletes.add(op.slot);
    }
    this.changed();
  }

  /**
   * The login ended (expired, or logged out in another tab): the photo is kept and waits, like a visitor's, and
   * goes up after the next login (resume) or with the save (flush); a 4xx would have removed it.
   */
  private waitForLogin(op: Op, entry: Entry | undefined) {
    this.loginNeeded = true;
    this.waitingForAd = true;
    if (op.kind === 'delete') this.ops.unshift(op);
    else if (entry && this.entries.includes(entry) && entry.version === op.version) {
      entry.status = 'ready';
      this.enqueue(op);
    }
    this.changed();
  }

  /** Failed uploads go back to the queue. */
  retry() {
    // Deletes first: each must run before any newer upload to its slot.
    for (const slot of [...this.failedDeletes].reverse()) this.ops.unshift({ kind: 'delete', slot });
    this.failedDeletes.clear();
    for (const entry of this.entries) {
      if (entry.status === 'failed' && entry.rendered) {
        entry.status = 'ready';
        this.enqueue({ kind: 'put', slot: entry.slot, id: entry.id, version: entry.version });
      }
    }
    this.changed();
    void this.pump();
  }

  private async syncOrder(): Promise<void> {
    if (this.orderSyncing || this.orderId === null) return;
    if (this.entries.some((e) => e.status !== 'uploaded')) return;
    this.orderSyncing = true;
    try {
      // A move while an order is on its way marks the order dirty again: it is sent after that one, not lost.
      let failures = 0;
      while (this.orderDirty && this.orderId !== null) {
        this.orderDirty = false;
        const order = this.entries.map((e) => e.slot);
        const result = await this.o.api.order(this.orderId, order).catch(() => FAILED);
        if (result.ok) {
          failures = 0;
          continue;
        }
        this.orderDirty = true;
        if (PERMANENT(result.status) || ++failures >= this.o.attempts) break;
        await this.o.sleep(this.backoff(failures - 1));
      }
    } finally {
      this.orderSyncing = false;
    }
  }

  private isIdle() {
    return (
      (this.ops.length === 0 || this.loginNeeded) &&
      this.running.size === 0 &&
      !this.orderSyncing &&
      !this.entries.some((e) => e.status === 'preparing' || e.status === 'uploading')
    );
  }

  /** Every photo stored in its order: true; something still failed after the retries: false. */
  get complete(): boolean {
    return (
      this.isIdle() &&
      !this.orderDirty &&
      this.failedDeletes.size === 0 &&
      this.entries.every((e) => e.status === 'uploaded')
    );
  }

  /**
   * The save chain's wait (95 %): failed photos are tried again, and what is still in flight finishes; `progress`
   * hears the photo being uploaded (n of total). Resolves true when every photo is stored in order.
   */
  async flush(orderId: number, progress?: (n: number, total: number) => void): Promise<boolean> {
    this.bind(orderId);
    // The save went through, so the user is logged in again: what waited for the login goes up now.
    this.loginNeeded = false;
    this.waitingForAd = false;
    this.retry();
    const report = () => {
      const total = this.entries.length;
      const done = this.entries.filter((e) => e.status === 'uploaded').length;
      progress?.(Math.min(total, done + 1), total);
    };
    const unsubscribe = this.subscribe(report);
    report();
    try {
      for (let round = 0; round < 3; round++) {
        if (!this.isIdle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
        if (this.orderDirty && this.entries.every((e) => e.status === 'uploaded')) await this.syncOrder();
        if (this.complete) return true;
        if (this.entries.some((e) => e.status === 'failed') || this.failedDeletes.size > 0) return false;
        void this.pump();
      }
      return this.complete;
    } finally {
      unsubscribe();
    }
  }

  /**
   * Photos already stored for the ad (a reload, or edit mode): shown as uploaded, in the server's order, all of
   * them: an edit flow with a smaller cap (3) than the ad was published with (10) shows every photo the ad has, so
   * the owner can remove some; none can be added while there are as many as the cap or more.
   */
  async restore(orderId: number): Promise<void> {
    this.bind(orderId);
    const result = await this.o.api.list(orderId);
    if (!result.ok || !result.data || this.entries.length > 0) return;
    this.entries = result.data.images.map((image) => ({
      id: `p${nextId++}`,
      slot: image.picNumber,
      name: heMedia.photoFallback,
      status: 'uploaded' as const,
      previewUrl: image.thumbnailUrl,
      width: image.width,
      height: image.height,
      storiesFit: false,
      reused: (image as { reused?: boolean }).reused === true,
      version: 1,
      storedVersion: 1,
      edit: { rotation: 0 as const },
      ownUrl: false,
      remoteUrl: image.url,
    }));
    this.changed();
  }

  dispose() {
    this.disposed = true;
    for (const controller of this.running.values()) controller.abort();
    for (const entry of this.entries) if (entry.previewUrl && entry.ownUrl) this.o.revokeUrl(entry.previewUrl);
    this.listeners.clear();
  }
}
