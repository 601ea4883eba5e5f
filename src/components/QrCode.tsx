/**
 * A QR code of `text`, encoded by uqr (error correction M, a quiet zone of four modules) and drawn
 * as one SVG path. Always dark on white, also in dark mode and in print: scanners need the contrast.
 */
import { useMemo } from 'react';
import { encode } from 'uqr';

const QUIET_ZONE = 4;

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: QUIET_ZONE });
    const dark = qr.data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : [])));
    return { size: qr.size, path: dark.join('') };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
