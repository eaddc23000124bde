import { BROADCAST_DEFAULT_IMAGES, type BroadcastDefaultImage } from '@atrium/contract';
import { encodePng, type Rgba } from '../device-theme/png-encoder.js';

/**
 * The built-in broadcast images, drawn by code (no text, so they suit both languages): a warm
 * welcome, maintenance stripes, a green safety cross and confetti. Product assets: every company
 * sees them and none can delete them.
 */
const WIDTH = 960;
const HEIGHT = 600;

type Rgb = readonly [number, number, number];
const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];
const mix = (a: Rgb, b: Rgb, t: number): Rgba => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
  255,
];
const solid = (colour: Rgb): Rgba => [colour[0], colour[1], colour[2], 255];

function welcome(): Buffer {
  const [top, bottom, sun, hill] = ['#ff9a5a', '#ffd39b', '#fff4d6', '#f0714a'].map(hex) as [Rgb, Rgb, Rgb, Rgb];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const dx = x - WIDTH * 0.5;
    const dy = y - HEIGHT * 0.62;
    if (dx * dx + dy * dy < 150 * 150) return solid(sun);
    const crest = HEIGHT * (0.72 + 0.05 * Math.sin((x / WIDTH) * Math.PI * 3));
    if (y > crest) return mix(hill, top, (y - crest) / HEIGHT);
    return mix(top, bottom, y / HEIGHT);
  });
}

function maintenance(): Buffer {
  const [yellow, black, grey, light] = ['#ffc53d', '#262626', '#595959', '#f5f5f5'].map(hex) as [Rgb, Rgb, Rgb, Rgb];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    // Hazard stripes along the top and bottom.
    if (y < 70 || y >= HEIGHT - 70) return Math.floor((x + y) / 40) % 2 === 0 ? solid(yellow) : solid(black);
    // A gear: a ring with teeth and a hole.
    const dx = x - WIDTH / 2;
    const dy = y - HEIGHT / 2;
    const distance = Math.sqrt(dx * dx + dy * dy);
    const angle = Math.atan2(dy, dx);
    const outer = 150 + (Math.cos(angle * 8) > 0.3 ? 28 : 0);
    if (distance < outer && distance > 60) return solid(grey);
    return mix(light, hex('#d9d9d9'), y / HEIGHT);
  });
}

function safety(): Buffer {
  const [green, dark, white] = ['#52c41a', '#237804', '#ffffff'].map(hex) as [Rgb, Rgb, Rgb];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const cx = WIDTH / 2;
    const cy = HEIGHT / 2;
    const inBar = (Math.abs(x - cx) < 55 && Math.abs(y - cy) < 170) || (Math.abs(y - cy) < 55 && Math.abs(x - cx) < 170);
    if (inBar) return solid(white);
    const inPlate = Math.abs(x - cx) < 230 && Math.abs(y - cy) < 230;
    return inPlate ? solid(green) : mix(dark, green, (x / WIDTH + y / HEIGHT) / 3);
  });
}

function celebration(): Buffer {
  const [night, violet] = ['#1d1646', '#5b2a86'].map(hex) as [Rgb, Rgb];
  const colours = ['#ff4d4f', '#ffc53d', '#36cfc9', '#f759ab', '#95de64', '#ffffff'].map(hex);
  // Confetti at fixed places (a small linear congruential sequence), so every drawing is the same.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pieces = Array.from({ length: 140 }, () => ({ x: next() * WIDTH, y: next() * HEIGHT, r: 6 + next() * 12, colour: colours[Math.floor(next() * colours.length)]! }));
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    for (const piece of pieces) {
      const dx = x - piece.x;
      const dy = y - piece.y;
      if (dx * dx + dy * dy < piece.r * piece.r) return solid(piece.colour);
    }
    return mix(night, violet, y / HEIGHT);
  });
}

const DRAWINGS: Record<BroadcastDefaultImage, () => Buffer> = { welcome, maintenance, safety, celebration };
const drawn = new Map<string, Buffer>();

/** The PNG bytes of a built-in image by its file name (`welcome.png`), or undefined. */
export function builtInBroadcastImage(fileName: string): Buffer | undefined {
  const name = /^([a-z]+)\.png$/.exec(fileName)?.[1];
  if (!name || !(BROADCAST_DEFAULT_IMAGES as readonly string[]).includes(name)) return undefined;
  let content = drawn.get(name);
  if (!content) drawn.set(name, (content = DRAWINGS[name as BroadcastDefaultImage]()));
  return content;
}
