/// <reference path="./libheif.d.ts" />
/**
 * HEIC/HEIF → JPEG (quality 0.5, spec §5) off the main thread. Started by ./heic.ts only when such a file is
 * chosen, so neither this file nor libheif is fetched otherwise.
 *
 * libheif is heic-to's build "without unsafe-eval" (libheif compiled to plain JavaScript: no eval, no
 * WebAssembly compilation), imported here directly instead of through heic-to's entry points, because those start
 * their own worker from a blob: URL, which our CSP (script-src 'self', no worker-src) rightly refuses. This file is
 * a same-origin module worker, so the CSP stays as it is. libheif applies the HEIF transforms (irot/imir) itself,
 * so the JPEG that comes out is upright and carries no EXIF.
 */
import buildLibheif from 'heic-to/libheif-csp';

export interface HeicRequest {
  id: number;
  file: Blob;
  quality: number;
}
export type HeicResponse = { id: number; blob: Blob; width: number; height: number } | { id: number; error: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<HeicRequest>) => void) | null;
  postMessage(message: HeicResponse): void;
}
const scope = self as unknown as WorkerScope;

let libheif: ReturnType<typeof buildLibheif> | undefined;

async function convert(file: Blob, quality: number): Promise<{ blob: Blob; width: number; height: number }> {
  libheif ??= buildLibheif();
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(await file.arrayBuffer());
  try {
    const image = images[0];
    if (!image) throw new Error('no HEIF image in the file');
    const width = image.get_width();
    const height = image.get_height();
    const target = new ImageData(width, height);
    const pixels = await new Promise<ImageData>((resolve, reject) =>
      image.display(target, (data) => (data ? resolve(data) : reject(new Error('HEIF decoding failed')))),
    );
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.putImageData(pixels, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    canvas.width = 1;
    canvas.height = 1;
    return { blob, width, height };
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}

scope.onmessage = (event) => {
  const { id, file, quality } = event.data;
  convert(file, quality).then(
    (result) => scope.postMessage({ id, ...result }),
    (error: unknown) => scope.postMessage({ id, error: String(error) }),
  );
};
