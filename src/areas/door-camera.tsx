/**
 * The door's camera (docs/decisions/0055-the-door.md): the back camera's video, read a few times a
 * second by the QR decoder (./door-decoder.ts). A ticket held in view is read once; it is read again
 * only after it has left the view for a moment.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui';
import { loadDecoder } from './door-decoder';

const EVERY_MS = 200;
/** The same code seen again within this time is the same ticket still in view. */
const SAME_WITHIN_MS = 3000;

type CameraState = 'starting' | 'on' | 'denied';

export function DoorCamera({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const { i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const latest = useRef({ onCode, paused });
  useEffect(() => {
    latest.current = { onCode, paused };
  });
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', seen: 0 };
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        if (!stopped) setState('denied');
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const decode = await loadDecoder();
      if (stopped) return;
      setState('on');
      const tick = async () => {
        if (stopped) return;
        if (!latest.current.paused && element.readyState >= 2) {
          const text = await decode(element).catch(() => null);
          const now = Date.now();
          if (text && (text !== last.text || now - last.seen > SAME_WITHIN_MS)) latest.current.onCode(text);
          if (text) last = { text, seen: now };
        }
        timer = setTimeout(() => void tick(), EVERY_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className="space-y-2" data-testid="door-camera" data-state={state}>
      <video
        ref={video}
        muted
        playsInline
        className="aspect-video w-full rounded-md bg-slate-900 object-cover"
        aria-label={i18n._(msg`Camera`)}
      />
      {state === 'starting' && (
        <p className="flex items-center gap-2 text-sm">
          <Spinner className="size-4" />
          {i18n._(msg`Starting the camera…`)}
        </p>
      )}
      {state === 'on' && (
        <p className="text-sm">{i18n._(msg`Hold the ticket's QR code in front of the camera.`)}</p>
      )}
      {state === 'denied' && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {i18n._(msg`The camera is not available. Allow it in the browser, or type or scan the code.`)}
        </p>
      )}
    </div>
  );
}
