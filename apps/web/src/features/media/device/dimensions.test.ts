import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { IMAGE_MAX_INPUT_PIXELS } from '@app/contract/media';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileHeaderSize, HEADER_BYTES, headerSize, overPixelCap } from './dimensions.ts';
import { SNIFF_BYTES, sniff } from './sniff.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../../e2e/fixtures');

/** What the pipeline does: sniff the first bytes, then read the size from the header. */
const sizeOf = (bytes: Uint8Array) => headerSize(bytes, sniff(bytes.subarray(0, SNIFF_BYTES)));

const picture = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 30, g: 90, b: 160, alpha: 0.5 } : '#1e5aa0',
    },
  });

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([head, Buffer.from(type, 'latin1'), data, crc]);
}

/** A well-formed PNG whose header says width x height, with one compressed row (a decompression bomb's shape). */
function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const body = zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', body), chunk('IEND', Buffer.alloc(0))]);
}

/** A 24-bit BMP (BITMAPINFOHEADER), bottom-up rows padded to 4 bytes. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * height, 0x80);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeUInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(0, 30);
  return out;
}

/** An ISO-BMFF box: size, type, body. */
function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}

/** An iPhone-like HEIC header: the item properties hold a 512x512 tile's size first, then the grid's. */
function gridHeic(width: number, height: number): Buffer {
  const ispe = (w: number, h: number) => {
    const body = Buffer.alloc(12);
    body.writeUInt32BE(w, 4);
    body.writeUInt32BE(h, 8);
    return box('ispe', body);
  };
  const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  const meta = box('meta', Buffer.alloc(4), box('iprp', box('ipco', ispe(512, 512), ispe(width, height))));
  return Buffer.concat([ftyp, meta]);
}

describe('the size in a picture header, per format', () => {
  it('PNG: RGB, with alpha, palette and grey', async () => {
    expect(sizeOf(await picture(641, 359).png().toBuffer())).toEqual({ width: 641, height: 359 });
    expect(sizeOf(await picture(300, 500, true).png().toBuffer())).toEqual({ width: 300, height: 500 });
    expect(sizeOf(await picture(77, 33).png({ palette: true }).toBuffer())).toEqual({ width: 77, height: 33 });
    expect(sizeOf(await picture(40, 20).greyscale().png().toBuffer())).toEqual({ width: 40, height: 20 });
  });

  it('JPEG: baseline, progressive, and with EXIF and an ICC profile before the frame header', async () => {
    expect(sizeOf(await picture(1601, 1203).jpeg().toBuffer())).toEqual({ width: 1601, height: 1203 });
    const progressive = await picture(800, 600).jpeg({ progressive: true }).toBuffer();
    expect(sizeOf(progressive)).toEqual({ width: 800, height: 600 });
    const tagged = await picture(1200, 900).withMetadata({ orientation: 6, icc: 'p3' }).jpeg().toBuffer();
    expect(sizeOf(tagged)).toEqual({ width: 1200, height: 900 });
    // A camera's photo, EXIF orientation 6 and GPS: the stored (unturned) size.
    expect(sizeOf(fs.readFileSync(path.join(fixtures, 'photo-exif6-gps.jpg')))).toEqual({ width: 1600, height: 1200 });
  });

  it('WebP: lossy (VP8), lossless (VP8L) and extended with alpha (VP8X)', async () => {
    expect(sizeOf(await picture(1023, 767).webp().toBuffer())).toEqual({ width: 1023, height: 767 });
    expect(sizeOf(await picture(333, 222).webp({ lossless: true }).toBuffer())).toEqual({ width: 333, height: 222 });
    expect(sizeOf(await picture(500, 250, true).webp().toBuffer())).toEqual({ width: 500, height: 250 });
  });

  it('GIF and BMP', async () => {
    expect(sizeOf(await picture(123, 45).gif().toBuffer())).toEqual({ width: 123, height: 45 });
    expect(sizeOf(bmp(31, 17))).toEqual({ width: 31, height: 17 });
  });

  it('HEIC (an x265 file: the picture, not its tiles) and AVIF', async () => {
    expect(sizeOf(fs.readFileSync(path.join(fixtures, 'photo.heic')))).toEqual({ width: 1600, height: 1200 });
    const avif = await picture(640, 480).avif().toBuffer();
    expect(sizeOf(avif)).toEqual({ width: 640, height: 480 });
    // A gridded HEIC: the largest size (the whole picture), not the first one (a tile).
    expect(sizeOf(gridHeic(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(sizeOf(gridHeic(12000, 9000))).toEqual({ width: 12000, height: 9000 });
  });

  it('a 20000x20000 PNG of a few hundred bytes is over the cap; 50 million pixels exactly is not', () => {
    const bomb = declaredPng(20000, 20000);
    expect(bomb.length).toBeLessThan(1000);
    const size = sizeOf(bomb);
    expect(size).toEqual({ width: 20000, height: 20000 });
    expect(size && overPixelCap(size)).toBe(true);
    expect(IMAGE_MAX_INPUT_PIXELS).toBe(50_000_000);
    expect(overPixelCap({ width: 10_000, height: 5_000 })).toBe(false);
    expect(overPixelCap({ width: 10_000, height: 5_001 })).toBe(true);
  });

  it('a header cut short, a corrupt one, or bytes of no known format say nothing', async () => {
    const jpeg = await picture(100, 100).jpeg().toBuffer();
    expect(sizeOf(jpeg.subarray(0, 40))).toBeNull();
    expect(sizeOf(declaredPng(0, 10))).toBeNull();
    const notIhdr = declaredPng(10, 10);
    notIhdr.write('IHDX', 12, 'latin1');
    expect(sizeOf(notIhdr)).toBeNull();
    expect(sizeOf(new TextEncoder().encode('just some text, not a picture'))).toBeNull();
    expect(headerSize(fs.readFileSync(path.join(fixtures, 'photo.heic')).subarray(0, 64), 'heic')).toBeNull();
  });
});

describe('reading a file', () => {
  it('reads past the first bytes when the JPEG header goes on beyond them (large metadata segments)', async () => {
    const jpeg = await picture(900, 700).jpeg().toBuffer();
    // Five 64 KB application segments (APP15) between the start marker and the frame: 320 KB of header.
    const segment = Buffer.alloc(65535 + 2, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xef;
    segment.writeUInt16BE(65535, 2);
    const padded = Buffer.concat([jpeg.subarray(0, 2), ...Array(5).fill(segment), jpeg.subarray(2)]);
    expect(padded.length).toBeGreaterThan(HEADER_BYTES);
    expect(sizeOf(padded.subarray(0, HEADER_BYTES))).toBeNull();
    expect(await fileHeaderSize(new Blob([new Uint8Array(padded)]), 'jpeg')).toEqual({ width: 900, height: 700 });
  });

  it('a small file is read once; nothing found is null', async () => {
    const png = await picture(64, 48).png().toBuffer();
    expect(await fileHeaderSize(new Blob([new Uint8Array(png)]), 'png')).toEqual({ width: 64, height: 48 });
    expect(await fileHeaderSize(new Blob([new Uint8Array(png)]), 'unknown')).toBeNull();
  });
});
