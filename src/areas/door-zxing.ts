/**
 * The camera's QR decoder where the browser has no BarcodeDetector: zxing-wasm's reader, its
 * WebAssembly served from this origin (Vite's `?url`), never from a CDN. Loaded only when the camera
 * opens, so the app's first load stays lean (docs/decisions/0055-the-door.md).
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ZXING_WASM_URL } from './door-decoder';

let prepared = false;

/** Reads the QR code of the video's current frame, or null. */
export function zxingDecoder(): (video: HTMLVideoElement) => Promise<string | null> {
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path,
      },
    });
    prepared = true;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (!context || !width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const found = await readBarcodes(context.getImageData(0, 0, width, height), {
      formats: ['QRCode'],
      maxNumberOfSymbols: 1,
    });
    return found.find((code) => code.isValid)?.text ?? null;
  };
}
