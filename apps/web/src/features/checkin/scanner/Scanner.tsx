import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { CHECKIN_TEXT as T, fill } from '@eo/contract';
import { primeSound } from '../feedback';
import { qrDetector } from './detector';
import { SCAN_EVERY_MS, scanGate } from './scan-gate';

/**
 * The camera (the back one) and the decoding loop: a frame every SCAN_EVERY_MS while no scan
 * is being answered. The same code is ignored for REPEAT_IGNORE_MS after its result shows (the
 * ticket still held up must not be scanned again over the person's result), while another code
 * is read at once.
 */
export function Scanner({ onCode }: { onCode: (code: string) => Promise<unknown> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  // Fetched and compiled on opening, while the network is there (see qrDetector); the door
  // sees when it is ready, after which losing the network does not stop the scanner.
  const [decoder, setDecoder] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let current = true;
    qrDetector().then(() => current && setDecoder('ready'), () => current && setDecoder('failed'));
    return () => { current = false; };
  }, []);

  useEffect(() => {
    const el = video.current;
    if (!scanning || !el) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let busy = false;
    const gate = scanGate();
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        if (!stopped) { setProblem(fill(T.cameraFailed, { reason: (err as Error).message || String(err) })); setScanning(false); }
        return;
      }
      if (stopped) { stream.getTracks().forEach((t) => t.stop()); return; }
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      let detector;
      try {
        detector = await qrDetector();
        setDecoder('ready');
      } catch {
        if (!stopped) { setProblem(T.scannerFailed); setScanning(false); }
        return;
      }
      if (stopped) return;
      timer = setInterval(async () => {
        if (busy || el.readyState < 2) return;
        busy = true;
        try {
          const [found] = await detector.detect(el);
          const code = found?.rawValue.trim();
          if (code && !stopped && gate.pass(code, Date.now())) {
            try {
              await latest.current(code);
            } finally {
              gate.answered(code, Date.now());
            }
          }
        } catch {
          // A frame that could not be read: the next one may.
        } finally {
          busy = false;
        }
      }, SCAN_EVERY_MS);
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
      el.srcObject = null;
    };
  }, [scanning]);

  const toggle = () => {
    primeSound();
    setProblem(null);
    setScanning((s) => !s);
  };

  return (
    <div className="checkin-scanner">
      <Button type={scanning ? 'default' : 'primary'} size="large" block icon={scanning ? undefined : <CameraOutlined />} onClick={toggle}>
        {scanning ? T.scanStop : T.scanStart}
      </Button>
      {decoder !== 'failed' && <p className="checkin-muted checkin-gap">{decoder === 'ready' ? T.scannerReady : T.scannerLoading}</p>}
      {problem && <Alert type="error" showIcon title={problem} className="checkin-gap" />}
      <video ref={video} aria-label={T.camera} className="checkin-video" hidden={!scanning} muted playsInline />
    </div>
  );
}
