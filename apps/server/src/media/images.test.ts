import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { orient } from './images.ts';

describe('orient', () => {
  it('brings each EXIF orientation 1..8 upright exactly as an EXIF-aware decoder does', async () => {
    // 3x2 pixels of six colours: any wrong rotation or mirror changes the bytes.
    const raw = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 0, 0, 255, 255, 255, 0, 255]);
    const png = await sharp(raw, { raw: { width: 3, height: 2, channels: 3 } })
      .png()
      .toBuffer();
    for (let o = 1; o <= 8; o++) {
      const tagged = await sharp(png).withMetadata({ orientation: o }).png().toBuffer();
      const reference = await sharp(tagged).autoOrient().raw().toBuffer();
      const ours = await orient(sharp(png), o).raw().toBuffer();
      expect(ours.equals(reference), `orientation ${o}`).toBe(true);
    }
  });
});

describe('S3 configuration', () => {
  it('is validated: keys go in pairs, settings need a bucket, the endpoint is a URL', () => {
    expect(() => loadConfig({ S3_BUCKET: 'ad-photos', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'ad-photos', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    const ok = loadConfig({ S3_BUCKET: 'ad-photos', S3_FORCE_PATH_STYLE: 'true', S3_ENDPOINT: '' });
    expect(ok).toMatchObject({ S3_BUCKET: 'ad-photos', S3_FORCE_PATH_STYLE: true, S3_REGION: 'us-east-1' });
    expect(ok.S3_ENDPOINT).toBeUndefined();
  });
});
