import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, declaredHeic, ftypBrands, isHeicBytes, SNIFF_BYTES, sniff } from './sniff.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../../e2e/fixtures');
const head = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)).subarray(0, SNIFF_BYTES));

/** An ISO-BMFF ftyp box: size, 'ftyp', major brand, minor version 0, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const text = `ftyp${major}\0\0\0\0${compatible.join('')}`;
  const out = new Uint8Array(4 + text.length);
  new DataView(out.buffer).setUint32(0, out.length);
  for (let i = 0; i < text.length; i++) out[4 + i] = text.charCodeAt(i);
  return out;
}

describe('HEIC/HEIF by its magic bytes', () => {
  it('every HEVC brand as the major brand is HEIC', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])
      expect(isHeicBytes(ftyp(brand)), brand).toBe(true);
  });

  it('the generic mif1/msf1 brands are HEIF (an iPhone writes mif1 with heic compatible)', () => {
    expect(isHeicBytes(ftyp('mif1', 'mif1', 'heic'))).toBe(true);
    expect(isHeicBytes(ftyp('msf1', 'msf1', 'hevc'))).toBe(true);
    expect(isHeicBytes(ftyp('mif1'))).toBe(true);
  });

  it('AVIF (also mif1-compatible) and MP4/QuickTime are not HEIC', () => {
    expect(isHeicBytes(ftyp('avif', 'mif1', 'miaf'))).toBe(false);
    expect(isHeicBytes(ftyp('mif1', 'avif', 'miaf'))).toBe(false);
    expect(sniff(ftyp('avif', 'mif1'))).toBe('avif');
    expect(isHeicBytes(ftyp('isom', 'isom', 'mp42'))).toBe(false);
    expect(isHeicBytes(ftyp('qt  '))).toBe(false);
    expect(ftypBrands(new Uint8Array([0, 0, 0, 8]))).toBeNull();
  });

  it('the real HEIC fixture (heif-enc) is HEIC; the JPEG fixtures and the text file are not', () => {
    expect(sniff(head('photo.heic'))).toBe('heic');
    expect(sniff(head('photo-landscape.jpg'))).toBe('jpeg');
    expect(sniff(head('photo-exif6-gps.jpg'))).toBe('jpeg');
    expect(sniff(head('not-a-photo.jpg'))).toBe('unknown');
  });
});

describe('classify: the bytes first, then the declared type and extension', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const text = new TextEncoder().encode('hello, not a picture');

  it('HEIC bytes go to the worker whatever the name says (pickers rename them .jpg)', () => {
    expect(classify(ftyp('heic'), 'IMG_0001.jpg', 'image/jpeg')).toBe('heic');
    expect(classify(ftyp('mif1', 'heic'), 'x', '')).toBe('heic');
  });

  it('a HEIC name or type with unknown bytes is still tried as HEIC (and fails as load if it is not)', () => {
    expect(declaredHeic('IMG_0001.HEIC', '')).toBe(true);
    expect(declaredHeic('a.hif', '')).toBe(true);
    expect(declaredHeic('a', 'image/heif')).toBe(true);
    expect(declaredHeic('a.jpg', 'image/jpeg')).toBe(false);
    expect(classify(text, 'IMG_0001.heic', '')).toBe('heic');
  });

  it('known image bytes are decoded by the browser even with a wrong name', () => {
    expect(classify(png, 'scan.pdf', 'application/pdf')).toBe('image');
  });

  it('a renamed text file that claims to be an image is tried (→ load); a file that does not is unsupported', () => {
    expect(classify(text, 'not-a-photo.jpg', 'image/jpeg')).toBe('image');
    expect(classify(text, 'not-a-photo.jpg', '')).toBe('image');
    expect(classify(text, 'notes.txt', 'text/plain')).toBe('unsupported');
    expect(classify(text, 'clip.mp4', 'video/mp4')).toBe('unsupported');
    expect(classify(text, 'logo.svg', 'image/svg+xml')).toBe('unsupported');
    expect(classify(text, 'x', '')).toBe('unsupported');
  });
});
