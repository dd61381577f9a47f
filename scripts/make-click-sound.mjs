// Synthesises public/sounds/click.wav: a 60 ms damped 1.6 kHz blip (8-bit-free 16-bit PCM mono, 22 kHz).
import { writeFileSync } from 'node:fs';
const rate = 22050,
  seconds = 0.06,
  n = Math.floor(rate * seconds);
const data = Buffer.alloc(n * 2);
for (let i = 0; i < n; i++) {
  const t = i / rate;
  const env = Math.exp(-t * 70);
  const s = Math.sin(2 * Math.PI * 1600 * t) * 0.6 + Math.sin(2 * Math.PI * 800 * t) * 0.3;
  data.writeInt16LE(Math.round(s * env * 0.5 * 32767), i * 2);
}
const h = Buffer.alloc(44);
h.write('RIFF', 0);
h.writeUInt32LE(36 + data.length, 4);
h.write('WAVE', 8);
h.write('fmt ', 12);
h.writeUInt32LE(16, 16);
h.writeUInt16LE(1, 20);
h.writeUInt16LE(1, 22);
h.writeUInt32LE(rate, 24);
h.writeUInt32LE(rate * 2, 28);
h.writeUInt16LE(2, 32);
h.writeUInt16LE(16, 34);
h.write('data', 36);
h.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../public/sounds/click.wav', import.meta.url), Buffer.concat([h, data]));
