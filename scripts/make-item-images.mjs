// Draws the small item images of the bundled master catalog (server/catalog/images/):
// one {image}.jpg per id below, plus placeholder.jpg for items whose image is missing.
// Each is a flat background with a coloured disc and a two-letter monogram, drawn pixel
// by pixel (4×4 supersampled) and encoded with jpeg-js. Deterministic; run it again
// after changing the list:  node scripts/make-item-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';

const SIZE = 160;
const SUPER = 4;
const QUALITY = 85;
const OUT_DIR = fileURLToPath(new URL('../server/catalog/images/', import.meta.url));

/** id → [monogram, background, disc]. The ids are the catalog's `image` values. */
const IMAGES = {
  'apple-red': ['AP', '#fde2e2', '#d64545'],
  'banana-robusta': ['BN', '#fff4c2', '#d9a521'],
  'tomato-local': ['TM', '#ffe2d8', '#e0552b'],
  'onion-red': ['ON', '#f4e1ee', '#9a3b78'],
  'milk-toned': ['MK', '#e3eefb', '#3b7ac6'],
  'bread-wheat': ['BR', '#f6ead8', '#b07a3c'],
  'rice-basmati': ['RC', '#eef0e2', '#7f9152'],
  'atta-whole-wheat': ['AT', '#f5ecd9', '#bd8c36'],
  'tea-premium': ['TE', '#e2f0e4', '#3c7a4b'],
  'biscuit-glucose': ['BS', '#fbead4', '#cc8535'],
  'soap-bath': ['SP', '#e1f3f4', '#2b979d'],
  'detergent-powder': ['DT', '#e5e8fb', '#4b59c2'],
};

/** A 5×7 bitmap font, enough for monograms. */
const FONT = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

// Shapes: predicates on a point (x, y) in pixel units.
const circle = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const roundRect = (x0, y0, x1, y1, r) => (x, y) => {
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && dx * dx + dy * dy <= r * r;
};
const segment = (ax, ay, bx, by, width) => (x, y) => {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
  return (x - ax - t * vx) ** 2 + (y - ay - t * vy) ** 2 <= (width / 2) ** 2;
};
const triangle = (pts) => (x, y) => {
  const side = (i) => {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % 3];
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  };
  const s = [side(0), side(1), side(2)];
  return s.every((d) => d >= 0) || s.every((d) => d <= 0);
};
const minus = (a, b) => (x, y) => a(x, y) && !b(x, y);

/** Monogram text centred on (cx, cy), each font cell `scale` pixels square. */
function monogram(text, cx, cy, scale) {
  const gap = 1; // cells between letters
  const width = (text.length * 5 + (text.length - 1) * gap) * scale;
  const left = cx - width / 2;
  const top = cy - (7 * scale) / 2;
  return (x, y) => {
    const col = Math.floor((x - left) / scale);
    const row = Math.floor((y - top) / scale);
    if (row < 0 || row > 6 || col < 0) return false;
    const letter = Math.floor(col / (5 + gap));
    const cell = col % (5 + gap);
    const glyph = FONT[text[letter]];
    return letter < text.length && cell < 5 && glyph?.[row]?.[cell] === '#';
  };
}

/** Paints layers ([shape, colour], later on top) over a background, with supersampling. */
function render(background, layers) {
  const data = Buffer.alloc(SIZE * SIZE * 4);
  const bg = hex(background);
  const colours = layers.map(([shape, colour]) => [shape, hex(colour)]);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SUPER; sy++) {
        for (let sx = 0; sx < SUPER; sx++) {
          const x = px + (sx + 0.5) / SUPER;
          const y = py + (sy + 0.5) / SUPER;
          let c = bg;
          for (const [shape, colour] of colours) if (shape(x, y)) c = colour;
          for (let k = 0; k < 3; k++) sum[k] += c[k];
        }
      }
      const o = (py * SIZE + px) * 4;
      for (let k = 0; k < 3; k++) data[o + k] = Math.round(sum[k] / (SUPER * SUPER));
      data[o + 3] = 255;
    }
  }
  return jpeg.encode({ data, width: SIZE, height: SIZE }, QUALITY).data;
}

function itemImage([text, background, disc]) {
  const c = SIZE / 2;
  return render(background, [
    [circle(c, c, 60), disc],
    [monogram(text, c, c, 6), '#ffffff'],
  ]);
}

/** A neutral grey tile with a crossed-out picture frame: "no image". */
function placeholder() {
  const c = SIZE / 2;
  const ink = '#9ca3af';
  const bg = '#e5e7eb';
  const frame = minus(
    roundRect(c - 44, c - 34, c + 44, c + 34, 8),
    roundRect(c - 38, c - 28, c + 38, c + 28, 4),
  );
  const mountains = triangle([
    [c - 32, c + 24],
    [c - 8, c - 6],
    [c + 16, c + 24],
  ]);
  const hill = triangle([
    [c + 2, c + 24],
    [c + 16, c + 6],
    [c + 32, c + 24],
  ]);
  return render(bg, [
    [frame, ink],
    [mountains, ink],
    [hill, ink],
    [circle(c + 18, c - 12, 7), ink],
    [segment(c - 50, c - 46, c + 50, c + 46, 14), bg],
    [segment(c - 50, c - 46, c + 50, c + 46, 6), ink],
  ]);
}

mkdirSync(OUT_DIR, { recursive: true });
const written = [];
for (const [id, spec] of Object.entries(IMAGES)) {
  const bytes = itemImage(spec);
  writeFileSync(`${OUT_DIR}${id}.jpg`, bytes);
  written.push([id, bytes.length]);
}
const ph = placeholder();
writeFileSync(`${OUT_DIR}placeholder.jpg`, ph);
written.push(['placeholder', ph.length]);
for (const [id, size] of written) console.log(`${id}.jpg ${size} bytes`);
