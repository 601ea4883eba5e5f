/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a ticket's QR code,
 * drawn with uqr (the app's encoder) at 8 pixels a module with its quiet zone, black on white, as
 * raw YUV 4:2:0 frames of a Y4M file written by hand. The door's camera reads it as from a phone.
 */
import { writeFile } from 'node:fs/promises';
import { encode } from 'uqr';

const WIDTH = 640;
const HEIGHT = 480;
const SCALE = 8;

export async function writeQrVideo(path: string, text: string, frames = 10): Promise<void> {
  const qr = encode(text, { ecc: 'M', border: 4 });
  const side = qr.size * SCALE;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(235);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (qr.data[Math.floor(y / SCALE)]![Math.floor(x / SCALE)]) luma[(top + y) * WIDTH + left + x] = 16;
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
