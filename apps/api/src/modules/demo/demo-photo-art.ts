// Drawn photographs for the demo's submissions: each item is drawn as an SVG (metal gradients,
// facets, a soft shadow on a linen backdrop) and rendered to a JPEG, so the demo shows pictures of
// the things it describes without shipping anyone's photos. Pure: description in, SVG text out.

export type DemoItemKind = 'chain' | 'flatware' | 'diamond' | 'ring' | 'coins' | 'scrap-gold' | 'brooch' | 'bracelet';

/** What the description is about, by its words; a chain when nothing else fits. */
export function demoItemKind(description: string): DemoItemKind {
  const d = description.toLowerCase();
  if (d.includes('flatware') || d.includes('spoon') || d.includes('fork')) return 'flatware';
  if (d.includes('coin') || d.includes('eagle')) return 'coins';
  if (d.includes('dental') || d.includes('earring')) return 'scrap-gold';
  if (d.includes('brooch')) return 'brooch';
  if (d.includes('bracelet')) return 'bracelet';
  if (d.includes('ring')) return 'ring';
  if (d.includes('diamond') || d.includes('sapphire') || d.includes('ruby') || d.includes('emerald')) return 'diamond';
  return 'chain';
}

const SIZE = 800;

/** Metal finishes as gradient stops (light, body, shade, glint). */
const metals = {
  gold: ['#fff4c2', '#e9b949', '#9c6a12', '#f7d774'],
  whiteGold: ['#ffffff', '#d9dde2', '#8b939c', '#f3f5f7'],
  silver: ['#ffffff', '#cfd2d6', '#7d838a', '#eceef0'],
} as const;
type Metal = keyof typeof metals;

function defs(): string {
  const metalGradients = (Object.keys(metals) as Metal[])
    .map((name) => {
      const [light, body, shade, glint] = metals[name];
      return `<linearGradient id="${name}" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${light}"/><stop offset="0.35" stop-color="${body}"/>
        <stop offset="0.7" stop-color="${shade}"/><stop offset="1" stop-color="${glint}"/></linearGradient>`;
    })
    .join('');
  return `<defs>
    <radialGradient id="linen" cx="0.45" cy="0.35" r="0.85">
      <stop offset="0" stop-color="#faf7f1"/><stop offset="0.7" stop-color="#e8e1d4"/><stop offset="1" stop-color="#cfc6b6"/>
    </radialGradient>
    ${metalGradients}
    <radialGradient id="stone" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#dff3ff"/><stop offset="1" stop-color="#8fb7d6"/>
    </radialGradient>
    <radialGradient id="sapphire" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#9fb8ff"/><stop offset="0.5" stop-color="#1f3fae"/><stop offset="1" stop-color="#0b1c5c"/>
    </radialGradient>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.2"/></filter>
  </defs>`;
}

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3b2f1e" opacity="0.28" filter="url(#shadow)"/>`;

function chain(): string {
  const links = Array.from({ length: 30 }, (_, i) => {
    const t = i / 29;
    const x = 140 + t * 520;
    const y = 430 + Math.sin(t * Math.PI * 2.2) * 120;
    const angle = Math.cos(t * Math.PI * 2.2) * 40 + 35;
    return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="24" ry="13" transform="rotate(${angle.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"
      fill="url(#gold)" stroke="#7a520c" stroke-width="1.5"/>`;
  }).join('');
  return `${shadow(400, 470, 280, 110)}${links}
    <circle cx="122" cy="440" r="16" fill="none" stroke="url(#gold)" stroke-width="7"/>
    <rect x="660" y="420" width="34" height="16" rx="6" fill="url(#gold)" stroke="#7a520c" stroke-width="1.5"/>`;
}

function flatware(): string {
  const piece = (x: number, angle: number, fork: boolean) => `<g transform="rotate(${angle} ${x} 400)">
      ${shadow(x + 10, 420, 45, 250)}
      <rect x="${x - 14}" y="330" width="28" height="330" rx="14" fill="url(#silver)" stroke="#6b7178" stroke-width="2"/>
      ${
        fork
          ? `<path d="M${x - 38} 150 v150 q0 40 38 40 q38 0 38 -40 v-150" fill="url(#silver)" stroke="#6b7178" stroke-width="2"/>
             ${[-24, -8, 8, 24].map((dx) => `<rect x="${x + dx - 4}" y="140" width="8" height="110" rx="4" fill="#eef0f2"/>`).join('')}`
          : `<ellipse cx="${x}" cy="240" rx="52" ry="90" fill="url(#silver)" stroke="#6b7178" stroke-width="2"/>
             <ellipse cx="${x - 12}" cy="220" rx="22" ry="46" fill="#ffffff" opacity="0.55"/>`
      }
      <path d="M${x - 6} 420 l12 0 l-4 140 l-4 0 z" fill="#5f656c" opacity="0.35"/>
    </g>`;
  return [piece(250, -12, false), piece(400, 4, true), piece(550, 14, false)].join('');
}

function diamond(cx = 400, cy = 400, r = 190, fill = 'stone'): string {
  const facets = Array.from({ length: 16 }, (_, i) => {
    const a1 = (i / 16) * Math.PI * 2;
    const a2 = ((i + 1) / 16) * Math.PI * 2;
    const inner = r * 0.55;
    const p = (a: number, rr: number) => `${(cx + Math.cos(a) * rr).toFixed(1)},${(cy + Math.sin(a) * rr).toFixed(1)}`;
    const light = i % 2 === 0 ? '#ffffff' : '#b9d6ec';
    return `<polygon points="${p(a1, r)} ${p(a2, r)} ${p((a1 + a2) / 2, inner)}" fill="${light}" opacity="0.55"/>`;
  }).join('');
  const table = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    return `${(cx + Math.cos(a) * r * 0.5).toFixed(1)},${(cy + Math.sin(a) * r * 0.5).toFixed(1)}`;
  }).join(' ');
  return `${shadow(cx + 20, cy + 40, r * 0.95, r * 0.6)}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${fill})" stroke="#6f8ba3" stroke-width="2"/>
    ${facets}
    <polygon points="${table}" fill="url(#${fill})" stroke="#ffffff" stroke-width="2" opacity="0.9"/>
    <circle cx="${cx - r * 0.35}" cy="${cy - r * 0.4}" r="${r * 0.08}" fill="#ffffff" filter="url(#soft)"/>`;
}

function ring(): string {
  return `${shadow(410, 560, 230, 70)}
    <ellipse cx="400" cy="470" rx="200" ry="120" fill="none" stroke="url(#whiteGold)" stroke-width="38"/>
    <ellipse cx="400" cy="470" rx="200" ry="120" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.6"/>
    <path d="M350 350 l50 -40 l50 40 z" fill="url(#whiteGold)" stroke="#7e858d" stroke-width="2"/>
    ${diamond(400, 300, 62)}`;
}

function coins(): string {
  const coin = (cx: number, cy: number, r: number) => `${shadow(cx + 10, cy + 16, r, r * 0.8)}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gold)" stroke="#8a5e10" stroke-width="4"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="none" stroke="#fff1b8" stroke-width="3" stroke-dasharray="4 5" opacity="0.8"/>
    <path d="M${cx - r * 0.45} ${cy + r * 0.1} q${r * 0.25} ${-r * 0.55} ${r * 0.45} ${-r * 0.2} q${r * 0.2} ${-r * 0.35} ${r * 0.45} ${r * 0.2}"
      fill="none" stroke="#8a5e10" stroke-width="6" stroke-linecap="round" opacity="0.75"/>`;
  return [coin(260, 300, 115), coin(520, 280, 115), coin(330, 540, 115), coin(580, 520, 115)].join('');
}

function scrapGold(): string {
  const blobs = [
    'M220 360 q40 -70 110 -30 q60 40 20 100 q-50 60 -110 20 q-40 -30 -20 -90z',
    'M470 300 q70 -30 100 30 q20 60 -40 80 q-70 10 -80 -40 q-5 -50 20 -70z',
    'M420 500 q50 -40 100 0 q40 40 0 80 q-50 40 -100 0 q-30 -40 0 -80z',
  ]
    .map((d) => `<path d="${d}" fill="url(#gold)" stroke="#7a520c" stroke-width="2"/>`)
    .join('');
  return `${shadow(400, 470, 260, 140)}${blobs}
    <path d="M200 560 a70 70 0 0 1 120 -40" fill="none" stroke="url(#gold)" stroke-width="10" stroke-linecap="round"/>
    <path d="M600 420 a60 60 0 1 1 -30 90" fill="none" stroke="url(#gold)" stroke-width="10" stroke-linecap="round"/>`;
}

function brooch(): string {
  const stones = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    return `<circle cx="${(400 + Math.cos(a) * 170).toFixed(1)}" cy="${(400 + Math.sin(a) * 120).toFixed(1)}" r="26"
      fill="url(#sapphire)" stroke="#c9ced4" stroke-width="5"/>`;
  }).join('');
  return `${shadow(410, 440, 260, 170)}
    <ellipse cx="400" cy="400" rx="230" ry="165" fill="url(#whiteGold)" stroke="#7e858d" stroke-width="3"/>
    <ellipse cx="400" cy="400" rx="120" ry="80" fill="url(#linen)" stroke="#7e858d" stroke-width="3"/>
    ${stones}${diamond(400, 400, 52, 'sapphire')}`;
}

function bracelet(): string {
  const links = Array.from({ length: 28 }, (_, i) => {
    const a = (i / 28) * Math.PI * 2;
    const x = 400 + Math.cos(a) * 230;
    const y = 400 + Math.sin(a) * 190;
    return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="20" ry="12" transform="rotate(${((a * 180) / Math.PI + 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})"
      fill="none" stroke="url(#silver)" stroke-width="7"/>`;
  }).join('');
  const heart = (x: number, y: number) =>
    `<path d="M${x} ${y + 30} l-34 -34 a20 20 0 0 1 34 -24 a20 20 0 0 1 34 24 z" fill="url(#silver)" stroke="#6b7178" stroke-width="2"/>`;
  return `${shadow(410, 430, 270, 220)}${links}${heart(400, 600)}${heart(190, 470)}${heart(610, 470)}`;
}

const drawings: Record<DemoItemKind, () => string> = {
  chain,
  flatware,
  diamond: () => diamond(),
  ring,
  coins,
  'scrap-gold': scrapGold,
  brooch,
  bracelet,
};

/**
 * One photo of the item: `view` 0 is the whole item, 1 a closer, slightly turned detail (the
 * form's Primary and Detail slots).
 */
export function demoPhotoSvg(kind: DemoItemKind, view: 0 | 1): string {
  const zoom = view === 0 ? '' : `transform="translate(400 400) rotate(-8) scale(1.55) translate(-400 -420)"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    ${defs()}
    <rect width="${SIZE}" height="${SIZE}" fill="url(#linen)"/>
    <g ${zoom}>${drawings[kind]()}</g>
  </svg>`;
}
