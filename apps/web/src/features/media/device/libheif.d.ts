/** heic-to's libheif build without unsafe-eval (aliased in apps/web/vite.config.ts); only what heic.worker.ts uses. */
declare module 'heic-to/libheif-csp' {
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    display(target: ImageData, done: (data: ImageData | null) => void): void;
    free(): void;
  }
  interface Libheif {
    HeifDecoder: new () => { decoder: unknown; decode(buffer: ArrayBuffer): HeifImage[] };
    heif_context_free(context: unknown): void;
  }
  export default function buildLibheif(): Libheif;
}

/** exifr's lite build (JPEG and HEIC, TIFF/EXIF segments): the same API as the full one. */
declare module 'exifr/dist/lite.esm.mjs' {
  export * from 'exifr';
}
