/**
 * The camera scanner (headless): getUserMedia on the back camera, a frame decoded about four
 * times a second (jsqr, frames scaled to 640 pixels), each new text found handed to `onCode`.
 * `start()` fails softly: `unavailable` becomes true (no camera, permission refused, page not
 * on https), and the screen offers the photo and the typed code instead.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { decodeDrawable, fitSize } from './decode.ts';

const FRAME_EVERY_MS = 250;
const FRAME_SIDE = 640;

export function useCameraScanner(onCode: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [active, setActive] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  const stop = useCallback(() => {
    window.clearInterval(timerRef.current);
    timerRef.current = undefined;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setActive(false);
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setUnavailable(true);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return stop();
      video.srcObject = stream;
      await video.play();
      setActive(true);
      setUnavailable(false);
      canvasRef.current ??= document.createElement('canvas');
      timerRef.current = window.setInterval(() => {
        if (video.readyState < video.HAVE_CURRENT_DATA || !video.videoWidth) return;
        const size = fitSize(video.videoWidth, video.videoHeight, FRAME_SIDE);
        const text = decodeDrawable(video, size.width, size.height, canvasRef.current!);
        if (text) onCodeRef.current(text);
      }, FRAME_EVERY_MS);
    } catch {
      stop();
      setUnavailable(true);
    }
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { videoRef, active, unavailable, start, stop };
}
