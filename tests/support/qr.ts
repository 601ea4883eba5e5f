/**
 * Reads the QR codes of an image (a screenshot's PNG bytes) with zxing-wasm, the decoder the door's
 * camera falls back on, its WebAssembly read from node_modules (never fetched from a CDN).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared: Promise<unknown> | null = null;

export const readQrCodes = async (png: Uint8Array): Promise<string[]> => {
  prepared ??= Promise.resolve(
    prepareZXingModule({
      overrides: {
        wasmBinary: new Uint8Array(
          readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')),
        ).buffer,
      },
      fireImmediately: true,
    }),
  );
  await prepared;
  const found = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'] });
  return found.filter((code) => code.isValid).map((code) => code.text);
};
