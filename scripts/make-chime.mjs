// Writes public/sounds/new-order.wav: the new-order alert (issue 16), made here so the app
// ships a sound it owns. Two soft bell tones (E6 then A6, 0.35 s each, decaying), 16 kHz,
// 16-bit mono PCM. Run once: node scripts/make-chime.mjs (the file is committed).
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
const notes = [
  [1318.5, 0.0],
  [1760.0, 0.18],
];
const seconds = 0.7;
const samples = new Int16Array(Math.round(RATE * seconds));
for (let i = 0; i < samples.length; i++) {
  const t = i / RATE;
  let v = 0;
  for (const [freq, start] of notes) {
    if (t < start) continue;
    const u = t - start;
    const attack = Math.min(1, u / 0.005);
    // A bell: the tone and a quiet octave above, fading out.
    v +=
      attack *
      Math.exp(-u * 7) *
      (Math.sin(2 * Math.PI * freq * u) + 0.25 * Math.sin(4 * Math.PI * freq * u));
  }
  samples[i] = Math.round(Math.max(-1, Math.min(1, v * 0.35)) * 32_767);
}
const data = Buffer.from(samples.buffer);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../public/sounds/new-order.wav', import.meta.url), Buffer.concat([header, data]));
