import type { DoorTone } from './door-result';

/**
 * A result is heard and felt as well as seen: a short beep (high for a check-in, a softer middle
 * one for a ticket just let in shown again, low and long for anything else) and a vibration where
 * the phone has one. Either is skipped where the browser lacks it.
 */
let audio: AudioContext | undefined;

/** Called from a tap (Mulai pindai, Periksa): browsers let sound play only after a user gesture. */
export function primeSound() {
  const Ctx = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    audio ??= new Ctx();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = undefined;
  }
}

const BEEP: Record<DoorTone, { hz: number; seconds: number; vibrate: number | number[] }> = {
  ok: { hz: 1320, seconds: 0.12, vibrate: 80 },
  calm: { hz: 660, seconds: 0.08, vibrate: 40 },
  bad: { hz: 220, seconds: 0.35, vibrate: [120, 80, 120] },
};

export function signal(tone: DoorTone) {
  const beep = BEEP[tone];
  try {
    if (audio) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = beep.hz;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + beep.seconds);
    }
  } catch {
    // No sound: the colour and the vibration remain.
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(beep.vibrate);
}
