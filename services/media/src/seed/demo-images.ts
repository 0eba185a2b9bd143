import sharp from "sharp";

/** The images the demo catalogue (demo-1…15) and the demo articles (demo-post-1…8) point to. */
export interface DemoImageSpec {
  filename: string;
  kind: "product" | "post";
  index: number;
}

export const demoImageSpecs: DemoImageSpec[] = [
  ...Array.from({ length: 15 }, (_, i) => ({ filename: `demo-${i + 1}.png`, kind: "product" as const, index: i })),
  ...Array.from({ length: 8 }, (_, i) => ({ filename: `demo-post-${i + 1}.png`, kind: "post" as const, index: i })),
];

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360}, ${s}%, ${l}%)`;

/** A supplement bottle with a capsule beside it on a soft gradient; the hue changes per product. */
function productSvg(index: number): string {
  const hue = (index * 360) / 15 + 330;
  const label = hsl(hue, 55, 42);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 45, 95)}"/>
      <stop offset="1" stop-color="${hsl(hue + 25, 50, 82)}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${hsl(hue, 25, 20)}"/>
      <stop offset="0.45" stop-color="${hsl(hue, 25, 34)}"/>
      <stop offset="1" stop-color="${hsl(hue, 25, 16)}"/>
    </linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="400" cy="420" r="270" fill="#ffffff" fill-opacity="0.35"/>
  <ellipse cx="400" cy="690" rx="190" ry="22" fill="#000000" fill-opacity="0.10"/>
  <rect x="318" y="160" width="164" height="70" rx="14" fill="${hsl(hue, 20, 92)}"/>
  <rect x="318" y="214" width="164" height="10" fill="#000000" fill-opacity="0.08"/>
  <rect x="290" y="236" width="220" height="452" rx="46" fill="url(#glass)"/>
  <rect x="290" y="330" width="220" height="240" fill="${label}"/>
  <rect x="290" y="330" width="220" height="12" fill="#ffffff" fill-opacity="0.25"/>
  <circle cx="400" cy="420" r="46" fill="#ffffff" fill-opacity="0.9"/>
  <circle cx="388" cy="412" r="14" fill="${label}"/>
  <circle cx="414" cy="410" r="14" fill="${label}" fill-opacity="0.8"/>
  <circle cx="400" cy="433" r="14" fill="${label}" fill-opacity="0.65"/>
  <rect x="326" y="494" width="148" height="12" rx="6" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="346" y="520" width="108" height="10" rx="5" fill="#ffffff" fill-opacity="0.6"/>
  <rect x="306" y="250" width="18" height="420" rx="9" fill="#ffffff" fill-opacity="0.12"/>
  <g transform="rotate(-30 600 610)">
    <rect x="540" y="585" width="120" height="50" rx="25" fill="${hsl(hue + 40, 60, 58)}"/>
    <rect x="600" y="585" width="60" height="50" rx="25" fill="#ffffff" fill-opacity="0.9"/>
    <rect x="596" y="585" width="14" height="50" fill="#ffffff" fill-opacity="0.9"/>
  </g>
</svg>`;
}

/** Abstract, calm shapes for an article header: overlapping circles, a wave and a grape-like cluster. */
function postSvg(index: number): string {
  const hue = (index * 360) / 8 + 200;
  const berries = [
    [0, 0],
    [44, 0],
    [88, 0],
    [22, 38],
    [66, 38],
    [44, 76],
  ]
    .map(
      ([dx, dy]) =>
        `<circle cx="${890 + dx!}" cy="${250 + dy!}" r="26" fill="${hsl(hue + 180, 40, 90)}" fill-opacity="0.8"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 55, 30)}"/>
      <stop offset="1" stop-color="${hsl(hue + 40, 60, 55)}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="${180 + index * 40}" cy="140" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="${980 - index * 25}" cy="520" r="260" fill="#ffffff" fill-opacity="0.07"/>
  <circle cx="600" cy="315" r="120" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6"/>
  <circle cx="600" cy="315" r="180" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="3"/>
  <path d="M0 470 C 200 ${400 + index * 10}, 400 560, 600 490 S 1000 ${420 - index * 8}, 1200 480 L 1200 630 L 0 630 Z" fill="#ffffff" fill-opacity="0.12"/>
  <path d="M0 530 C 250 480, 450 600, 700 540 S 1050 500, 1200 550 L 1200 630 L 0 630 Z" fill="#000000" fill-opacity="0.10"/>
  <path d="M934 236 q 10 -40 40 -50" fill="none" stroke="${hsl(hue + 180, 40, 90)}" stroke-opacity="0.8" stroke-width="6" stroke-linecap="round"/>
  ${berries}
</svg>`;
}

/** Renders one demo image as PNG bytes. */
export async function renderDemoImage(spec: DemoImageSpec): Promise<{ data: Buffer; width: number; height: number }> {
  const svg = spec.kind === "product" ? productSvg(spec.index) : postSvg(spec.index);
  const { data, info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
