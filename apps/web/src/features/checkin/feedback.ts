/**
 * A result is heard and felt as well as seen: a short beep (high for a check-in, low for anything
 * else) and a vibration where the phone has one. Either is skipped where the browser lacks it.
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

export function signal(success: boolean) {
  try {
    if (audio) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = success ? 1320 : 220;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + (success ? 0.12 : 0.35));
    }
  } catch {
    // No sound: the colour and the vibration remain.
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(success ? 80 : [120, 80, 120]);
}
