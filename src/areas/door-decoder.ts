/**
 * Which QR decoder the door's camera uses (docs/decisions/0055-the-door.md): the browser's own
 * BarcodeDetector where it reads QR codes, else zxing-wasm (./door-zxing.ts, loaded on demand).
 */
import ZXING_WASM_URL from 'zxing-wasm/reader/zxing_reader.wasm?url';

export { ZXING_WASM_URL };

export type Decode = (video: HTMLVideoElement) => Promise<string | null>;

/** The part of the Barcode Detection API the camera uses (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats: () => Promise<string[]>;
}

const nativeDetector = (): BarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

async function native(): Promise<Decode | null> {
  const Detector = nativeDetector();
  const formats: string[] = Detector ? await Detector.getSupportedFormats().catch(() => []) : [];
  if (!Detector || !formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

export async function loadDecoder(): Promise<Decode> {
  return (await native()) ?? (await import('./door-zxing')).zxingDecoder();
}

/**
 * Online, the decoder's WebAssembly is fetched ahead, so that the service worker keeps it and the
 * camera reads offline too (sw/sw.ts).
 */
export function warmDecoder(): void {
  if (nativeDetector()) return;
  void fetch(ZXING_WASM_URL).catch(() => undefined);
}
