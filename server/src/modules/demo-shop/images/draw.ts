/**
 * Tiny flat-illustration kit for the demo images. Every function returns an SVG fragment drawn in a
 * 400x300 frame with the subject roughly centred on (200, 160). No fonts, no external links.
 */

/** Rounds to one decimal so the files stay small. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** Deterministic pseudo-random numbers (mulberry32), so regenerating gives the same files. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A complete product or category picture: coloured background, soft spotlight, floor shadow. */
export function scene(title: string, bg: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img">` +
    `<title>${esc(title)}</title>` +
    `<rect width="400" height="300" fill="${bg}"/>` +
    `<circle cx="200" cy="150" r="128" fill="#fff" opacity=".3"/>` +
    `<circle cx="48" cy="42" r="16" fill="#fff" opacity=".25"/><circle cx="360" cy="250" r="24" fill="#fff" opacity=".2"/>` +
    `<ellipse cx="200" cy="262" rx="140" ry="13" fill="#000" opacity=".08"/>` +
    body +
    `</svg>`
  );
}

export const g = (transform: string, body: string): string => `<g transform="${transform}">${body}</g>`;

/** Small crumb or speck dots scattered inside a rectangle. */
export function specks(x: number, y: number, w: number, h: number, count: number, color: string, seed: number, size = 2.4): string {
  const rnd = rng(seed);
  let s = `<g fill="${color}">`;
  for (let i = 0; i < count; i++) {
    s += `<circle cx="${n(x + rnd() * w)}" cy="${n(y + rnd() * h)}" r="${n(size * (0.6 + rnd() * 0.7))}"/>`;
  }
  return s + '</g>';
}

// ---------------------------------------------------------------- fries

/** A bunch of fries sticking up from baseY. */
export function friesSticks(cx: number, baseY: number, spread: number, count: number, seed: number, color = '#F7C948', edge = '#E0A32E'): string {
  const rnd = rng(seed);
  let s = `<g fill="${color}" stroke="${edge}" stroke-width="2">`;
  for (let i = 0; i < count; i++) {
    const x = cx - spread / 2 + (spread / Math.max(1, count - 1)) * i + (rnd() - 0.5) * 8;
    const h = 80 + rnd() * 45;
    const a = (x - cx) * 0.18 + (rnd() - 0.5) * 14;
    s += `<rect x="${n(x - 7)}" y="${n(baseY - h)}" width="14" height="${n(h + 10)}" rx="3" transform="rotate(${n(a)} ${n(x)} ${baseY})"/>`;
  }
  return s + '</g>';
}

/** Paper fries cone ("puntzak") with fries. */
export function friesCone(seed = 1, paper = '#FFFDF6', band = '#D62839', fries = '#F7C948'): string {
  return (
    friesSticks(200, 150, 130, 11, seed, fries) +
    `<path d="M118 140h164l-70 128q-12 16-24 0z" fill="${paper}" stroke="#E6DCC8" stroke-width="3"/>` +
    `<path d="M118 140h164l-11 20H129z" fill="${band}"/>` +
    `<circle cx="200" cy="196" r="17" fill="${band}"/><path d="M191 190h18l-9 16z" fill="#FFD23F"/>`
  );
}

/** Cardboard tray ("bakje") with fries. */
export function friesTray(seed = 2, fries = '#F7C948', edge = '#E0A32E', tray = '#F1DDB5'): string {
  return (
    friesSticks(200, 190, 150, 12, seed, fries, edge) +
    `<path d="M108 172h184l-22 84H130z" fill="${tray}" stroke="#D7B989" stroke-width="3"/>` +
    `<path d="M108 172h184l-4 14H112z" fill="#E3C590"/>` +
    `<path d="M150 214h100" stroke="#C9A66B" stroke-width="4" stroke-linecap="round"/>`
  );
}

/** A dollop of sauce, drawn on top of fries. */
export function sauceBlob(x: number, y: number, color: string, scale = 1): string {
  return g(
    `translate(${x} ${y}) scale(${scale})`,
    `<path d="M-52 6q-6-24 22-26q10-18 34-10q26-10 38 10q22 6 8 26q-20 14-52 8q-36 8-50-8z" fill="${color}"/>` +
      `<path d="M-26-12q18-8 30 0" stroke="#fff" stroke-width="5" stroke-linecap="round" fill="none" opacity=".45"/>`,
  );
}

// ---------------------------------------------------------------- sauces

/** A clear plastic sauce pot filled with sauce, with a fry dipped in. */
export function saucePot(color: string, opts: { speck?: string; seed?: number; fry?: boolean } = {}): string {
  const dark = 'rgba(0,0,0,.12)';
  return (
    (opts.fry === false
      ? ''
      : `<rect x="214" y="70" width="16" height="110" rx="3" fill="#F7C948" stroke="#E0A32E" stroke-width="2" transform="rotate(18 222 180)"/>`) +
    `<path d="M132 150h136l-14 96q-2 12-14 12h-94q-12 0-14-12z" fill="${color}"/>` +
    `<path d="M132 150h136l-14 96q-2 12-14 12h-94q-12 0-14-12z" fill="#fff" opacity=".18"/>` +
    `<path d="M152 170l10 78" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity=".45"/>` +
    `<ellipse cx="200" cy="150" rx="70" ry="15" fill="#fff" opacity=".9"/>` +
    `<ellipse cx="200" cy="151" rx="62" ry="11" fill="${color}"/>` +
    `<path d="M170 150q30-16 58-2" stroke="${dark}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    (opts.speck ? specks(150, 176, 100, 70, 22, opts.speck, opts.seed ?? 7, 2.6) : '')
  );
}

/** A glass jar of sauce with a lid (the sauce sold to take home). */
export function jar(color: string, lid: string, label: string): string {
  return (
    `<rect x="138" y="96" width="124" height="158" rx="22" fill="#EAF2F5" stroke="#C9D6DC" stroke-width="3"/>` +
    `<rect x="146" y="112" width="108" height="134" rx="16" fill="${color}"/>` +
    `<rect x="132" y="72" width="136" height="32" rx="8" fill="${lid}"/>` +
    `<path d="M140 82h120" stroke="#fff" stroke-width="3" opacity=".35"/>` +
    `<rect x="150" y="150" width="100" height="56" rx="8" fill="${label}"/>` +
    `<path d="M166 170h68M172 186h56" stroke="#8A5A2B" stroke-width="5" stroke-linecap="round"/>` +
    specks(152, 214, 96, 26, 12, '#3E2212', 31) +
    `<path d="M156 120v70" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".35"/>`
  );
}

// ---------------------------------------------------------------- snacks

export interface StickOpts {
  angle?: number;
  crumbs?: string;
  spots?: string;
  grill?: boolean;
  sauce?: string;
  onions?: boolean;
  seed?: number;
}

/** A sausage- or croquette-like stick lying diagonally: frikandel, kipcorn, mexicano... */
export function stick(len: number, thick: number, color: string, o: StickOpts = {}): string {
  const x = 200 - len / 2;
  const y = 165 - thick / 2;
  let s = `<rect x="${n(x)}" y="${n(y)}" width="${len}" height="${thick}" rx="${n(thick / 2)}" fill="${color}"/>`;
  s += `<rect x="${n(x + thick / 3)}" y="${n(y + thick * 0.16)}" width="${n(len - thick / 1.5)}" height="${n(thick * 0.18)}" rx="${n(thick * 0.09)}" fill="#fff" opacity=".28"/>`;
  if (o.crumbs) s += specks(x + 8, y + 4, len - 16, thick - 8, Math.round(len / 6), o.crumbs, o.seed ?? 3);
  if (o.spots) s += specks(x + 10, y + 6, len - 20, thick - 12, Math.round(len / 14), o.spots, (o.seed ?? 3) + 1, 3.4);
  if (o.grill) {
    for (let i = 1; i < 6; i++) {
      const gx = x + (len / 6) * i;
      s += `<path d="M${n(gx - 8)} ${n(y + 4)}l16 ${n(thick - 8)}" stroke="#5A2A14" stroke-width="4" stroke-linecap="round" opacity=".6"/>`;
    }
  }
  if (o.sauce) {
    s += `<path d="M${n(x + 24)} ${n(y + 6)}q20 -14 40 0t40 0t40 0t40 0t40 0" stroke="${o.sauce}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }
  if (o.onions) s += specks(x + 30, y - 6, len - 60, 10, 14, '#FFF4D6', 41, 3.2);
  return g(`rotate(${o.angle ?? -12} 200 165)`, s);
}

/** Croquette(s): one whole, one cut open showing the filling. */
export function croquettes(crust: string, filling: string, seed = 5): string {
  const one = (x: number, y: number, w: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="58" rx="29" fill="${crust}"/>` + specks(x + 8, y + 6, w - 16, 46, Math.round(w / 5), '#A8641E', seed + x);
  return (
    g('rotate(-8 200 160)', one(96, 158, 180)) +
    g(
      'rotate(10 200 160)',
      one(150, 100, 120) + `<ellipse cx="268" cy="129" rx="16" ry="29" fill="#B8722A"/><ellipse cx="268" cy="129" rx="11" ry="23" fill="${filling}"/>`,
    )
  );
}

/** Round balls (bitterballen, falafel, meatballs). */
export function balls(positions: Array<[number, number]>, r: number, color: string, crumbs: string | null, seed = 9): string {
  let s = '';
  positions.forEach(([x, y], i) => {
    s += `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
    if (crumbs) s += specks(x - r * 0.7, y - r * 0.7, r * 1.4, r * 1.4, Math.round(r / 1.6), crumbs, seed + i, r / 12);
    s += `<circle cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.4)}" r="${n(r * 0.22)}" fill="#fff" opacity=".35"/>`;
  });
  return s;
}

/** Spring roll(s) with folded ends. */
export function springRoll(x: number, y: number, w: number, h: number, angle: number, seed: number): string {
  return g(
    `rotate(${angle} ${x + w / 2} ${y + h / 2})`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${n(h / 2.4)}" fill="#E2A33C"/>` +
      `<path d="M${x + w * 0.18} ${y + 3}v${h - 6}M${x + w * 0.82} ${y + 3}v${h - 6}" stroke="#B97624" stroke-width="3" opacity=".7"/>` +
      `<path d="M${x + w * 0.3} ${y + h * 0.35}q${w * 0.2}-${h * 0.2} ${w * 0.4} 0" stroke="#FBE0A8" stroke-width="4" fill="none" opacity=".7"/>` +
      specks(x + 8, y + 6, w - 16, h - 12, Math.round(w / 10), '#C98528', seed, 2),
  );
}

/** A paper snack tray seen from the front (to hold nuggets, bitterballen...). */
export function paperTray(color = '#FFFFFF', rim = '#D62839'): string {
  return `<path d="M96 196h208l-18 60H114z" fill="${color}" stroke="#E3D8C8" stroke-width="3"/><path d="M96 196h208l-3 10H99z" fill="${rim}"/>`;
}

/** Irregular nuggets / chunks. */
export function nuggets(spots: Array<[number, number, number]>, color: string, crumbs: string, seed = 13): string {
  let s = '';
  spots.forEach(([x, y, a], i) => {
    s += g(
      `translate(${x} ${y}) rotate(${a})`,
      `<path d="M-34-6q-4-22 20-24q18-10 34 2q22 0 18 22q6 22-18 24q-18 10-34 0q-24-2-20-24z" fill="${color}"/>` +
        specks(-28, -20, 56, 40, 12, crumbs, seed + i, 2.2),
    );
  });
  return s;
}

/** Rings (calamares) or flat sticks (fish sticks, halloumi) scattered. */
export function rings(spots: Array<[number, number, number]>, color: string, crumbs: string): string {
  let s = '';
  spots.forEach(([x, y, a], i) => {
    s += g(
      `translate(${x} ${y}) rotate(${a})`,
      `<ellipse rx="34" ry="24" fill="none" stroke="${color}" stroke-width="17"/>` + specks(-36, -26, 72, 52, 9, crumbs, 60 + i, 2),
    );
  });
  return s;
}

export function bars(spots: Array<[number, number, number]>, w: number, h: number, color: string, crumbs: string | null, grill?: string): string {
  let s = '';
  spots.forEach(([x, y, a], i) => {
    s += g(
      `translate(${x} ${y}) rotate(${a})`,
      `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${n(h / 4)}" fill="${color}"/>` +
        (crumbs ? specks(-w / 2 + 4, -h / 2 + 4, w - 8, h - 8, Math.round(w / 6), crumbs, 80 + i, 2) : '') +
        (grill
          ? `<path d="M${n(-w / 4)} ${n(-h / 2 + 4)}l8 ${h - 8}M${n(w / 8)} ${n(-h / 2 + 4)}l8 ${h - 8}" stroke="${grill}" stroke-width="5" opacity=".7"/>`
          : ''),
    );
  });
  return s;
}

// ---------------------------------------------------------------- burgers

export interface BurgerOpts {
  bun?: string;
  patty?: string;
  pattyCrumbs?: boolean;
  cheese?: boolean;
  lettuce?: boolean;
  tomato?: boolean;
  bacon?: boolean;
  onion?: boolean;
  sauce?: string;
  sesame?: boolean;
  double?: boolean;
}

export function burger(o: BurgerOpts = {}): string {
  const bun = o.bun ?? '#E7A24B';
  const patty = o.patty ?? '#6D3B22';
  let y = 214; // top of the bottom bun
  let s = `<path d="M112 ${y}h176v16q0 22-22 22H134q-22 0-22-22z" fill="${bun}"/>`;
  const layer = (h: number, body: (top: number) => string) => {
    y -= h;
    s += body(y);
  };
  const addPatty = () =>
    layer(
      30,
      (t) =>
        `<rect x="104" y="${t}" width="192" height="32" rx="16" fill="${patty}"/>` +
        (o.pattyCrumbs
          ? specks(112, t + 4, 176, 24, 26, '#B87333', t)
          : `<path d="M124 ${t + 12}h150" stroke="#000" stroke-width="3" opacity=".15" stroke-dasharray="14 10"/>`),
    );
  addPatty();
  if (o.cheese) layer(8, (t) => `<path d="M106 ${t}h188v10l-22 0l-10 16l-10-16h-46l-12 20l-12-20h-40l-10 14l-10-14h-16z" fill="#FFC93C"/>`);
  if (o.double) addPatty();
  if (o.bacon)
    layer(
      10,
      (t) =>
        `<path d="M108 ${t + 6}q22-12 44 0t44 0t44 0t48 0" stroke="#B23A3A" stroke-width="10" fill="none" stroke-linecap="round"/><path d="M112 ${t + 6}q22-12 44 0t44 0t44 0t44 0" stroke="#F4A7A0" stroke-width="3" fill="none"/>`,
    );
  if (o.onion)
    layer(
      8,
      (t) =>
        `<g fill="none" stroke="#F8EEDB" stroke-width="5"><ellipse cx="150" cy="${t + 4}" rx="22" ry="6"/><ellipse cx="204" cy="${t + 4}" rx="22" ry="6"/><ellipse cx="256" cy="${t + 4}" rx="20" ry="6"/></g>`,
    );
  if (o.tomato) layer(12, (t) => `<rect x="118" y="${t}" width="164" height="14" rx="7" fill="#E5484D"/>`);
  if (o.lettuce !== false) layer(12, (t) => `<path d="M100 ${t + 10}q12-14 24-2t24-2t24 2t24-2t24 2t24-2t24 2t24-2q8 8 0 14H100q-8-6 0-10z" fill="#6CC04A"/>`);
  if (o.sauce)
    layer(6, (t) => `<path d="M114 ${t + 4}q20 14 40 0t40 0t40 0t40 0t26 0" stroke="${o.sauce}" stroke-width="8" fill="none" stroke-linecap="round"/>`);
  s += `<path d="M110 ${y + 2}q0-74 90-74t90 74z" fill="${bun}"/>`;
  s += `<path d="M140 ${y - 36}q20-26 60-28" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" opacity=".3"/>`;
  if (o.sesame !== false) s += specks(130, y - 58, 140, 44, 16, '#FFF3D6', 77, 3.2);
  return s;
}

// ---------------------------------------------------------------- plates

/** A dinner plate in slight perspective; `body` is drawn on top. */
export function plate(body: string, rim = '#F4F1EC'): string {
  return `<ellipse cx="200" cy="186" rx="170" ry="78" fill="${rim}"/><ellipse cx="200" cy="186" rx="136" ry="58" fill="#fff"/>` + body;
}

/** Fries lying on a plate. */
export function friesLying(cx: number, cy: number, seed: number): string {
  const rnd = rng(seed);
  let s = `<g fill="#F7C948" stroke="#E0A32E" stroke-width="2">`;
  for (let i = 0; i < 9; i++) {
    const x = cx - 50 + rnd() * 60;
    const y = cy - 20 + i * 5;
    s += `<rect x="${n(x)}" y="${n(y)}" width="${n(60 + rnd() * 20)}" height="12" rx="3" transform="rotate(${n((rnd() - 0.5) * 50)} ${n(x + 35)} ${n(y + 6)})"/>`;
  }
  return s + '</g>';
}

/** A small bowl seen from the side; `fill` is what is inside. */
export function bowl(cx: number, cy: number, w: number, fill: string, color = '#FFFFFF', extra = ''): string {
  return (
    `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2}" ry="${n(w / 7)}" fill="${fill}"/>` +
    extra +
    `<path d="M${cx - w / 2} ${cy}q0 ${n(w * 0.45)} ${w / 2} ${n(w * 0.45)}t${w / 2}-${n(w * 0.45)}" fill="${color}" stroke="#E3DDD3" stroke-width="2"/>`
  );
}

// ---------------------------------------------------------------- drinks

export function can(body: string, top = '#C9CED3', accent = '#FFFFFF', wave = true): string {
  return (
    `<rect x="150" y="64" width="100" height="190" rx="14" fill="${body}"/>` +
    `<path d="M156 64q44-14 88 0v10h-88z" fill="${top}"/><rect x="150" y="238" width="100" height="16" rx="8" fill="${top}"/>` +
    (wave ? `<path d="M150 150q26-26 50 0t50 0v22q-26-24-50 0t-50 0z" fill="${accent}"/>` : '') +
    `<rect x="164" y="84" width="12" height="146" rx="6" fill="#fff" opacity=".3"/>`
  );
}

export function bottle(liquid: string, label: string, cap: string, glass = '#DCEFF8'): string {
  return (
    `<path d="M180 56h40v34q30 14 30 48v104q0 14-14 14h-72q-14 0-14-14V138q0-34 30-48z" fill="${glass}" stroke="#B9D3DF" stroke-width="3"/>` +
    `<path d="M156 150h88v90q0 10-10 10h-68q-10 0-10-10z" fill="${liquid}"/>` +
    `<rect x="176" y="44" width="48" height="18" rx="5" fill="${cap}"/>` +
    `<rect x="150" y="160" width="100" height="50" fill="${label}"/>` +
    `<rect x="166" y="102" width="10" height="130" rx="5" fill="#fff" opacity=".45"/>`
  );
}

/** A straight beer glass (pils) or a tulip glass. */
export function beerGlass(kind: 'pils' | 'tulip', beer: string, logo: string): string {
  if (kind === 'pils') {
    return (
      `<path d="M150 70h100l-14 180q-1 8-9 8h-54q-8 0-9-8z" fill="#F1F7FA" stroke="#C8D6DD" stroke-width="3"/>` +
      `<path d="M154 104h92l-11 144q-1 6-7 6h-56q-6 0-7-6z" fill="${beer}"/>` +
      `<path d="M148 98q12-22 26-8q14-18 28-2q14-16 26 0q14-10 24 10v10h-104z" fill="#FFFDF5"/>` +
      `<ellipse cx="200" cy="178" rx="22" ry="16" fill="${logo}"/>` +
      specks(166, 120, 60, 110, 10, '#fff', 5, 1.8) +
      `<rect x="164" y="112" width="9" height="126" rx="4" fill="#fff" opacity=".35"/>`
    );
  }
  return (
    `<path d="M170 234q-4-20 22-24v-30q-52-10-52-66q0-30 14-50h92q14 20 14 50q0 56-52 66v30q26 4 22 24z" fill="#F1F7FA" stroke="#C8D6DD" stroke-width="3"/>` +
    `<path d="M148 98h104q6 14 6 24q0 52-58 56q-58-4-58-56q0-10 6-24z" fill="${beer}"/>` +
    `<path d="M146 100q8-34 30-22q16-20 30-4q18-16 30 2q18-4 18 24z" fill="#FFFDF5"/>` +
    `<path d="M170 112q-6 30 10 52" stroke="#fff" stroke-width="6" fill="none" opacity=".4" stroke-linecap="round"/>` +
    `<circle cx="200" cy="140" r="14" fill="${logo}"/>` +
    specks(172, 112, 56, 50, 8, '#fff', 6, 1.8)
  );
}

// ---------------------------------------------------------------- desserts

/** Glass coupe on a stem, filled with `fill`. */
export function coupe(fill: string): string {
  return `<path d="M176 250h48l-8-10h-8v-42q40-8 48-54H136q8 46 48 54v42h-8z" fill="#EAF3F7" stroke="#C8D6DD" stroke-width="3"/>` + fill;
}

export function waffle(kind: 'brussels' | 'liege'): string {
  if (kind === 'brussels') {
    let grid = '';
    for (let r = 0; r < 4; r++) for (let c = 0; c < 6; c++) grid += `<rect x="${116 + c * 28}" y="${116 + r * 28}" width="20" height="20" rx="3"/>`;
    return (
      g('rotate(-6 200 170)', `<rect x="106" y="106" width="188" height="124" rx="10" fill="#E9B45A"/><g fill="#C8892F">${grid}</g>`) +
      specks(112, 100, 170, 120, 40, '#FFFFFF', 21, 2.4) +
      `<path d="M262 96q22-8 30 14q4 18-18 26q-22-6-24-22q0-12 12-18z" fill="#E5383B"/><path d="M266 96l6-10l6 10" stroke="#4CAF50" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      `<path d="M120 206q30-18 60-4q40 16 90-6" stroke="#FFF8EE" stroke-width="18" fill="none" stroke-linecap="round"/>`
    );
  }
  let grid = '';
  for (let r = 0; r < 3; r++) for (let c = 0; c < 5; c++) grid += `<rect x="${138 + c * 26}" y="${132 + r * 24}" width="18" height="16" rx="4"/>`;
  return (
    `<path d="M124 140q-10-30 20-34q24-14 56-6q32-10 54 4q32 4 24 38q10 30-16 44q-20 18-60 10q-40 10-62-8q-28-16-16-48z" fill="#DDA04A"/>` +
    `<g fill="#B97A2C">${grid}</g>` +
    specks(130, 110, 150, 100, 18, '#FFF6E0', 23, 3.6)
  );
}

// ---------------------------------------------------------------- small decorations

export const leaf = (x: number, y: number, a: number, c = '#57B04A'): string =>
  `<path d="M${x} ${y}q18-26 44-16q-10 30-44 16z" fill="${c}" transform="rotate(${a} ${x} ${y})"/>`;

export const lemon = (x: number, y: number): string =>
  `<circle cx="${x}" cy="${y}" r="18" fill="#FFE066" stroke="#F2C230" stroke-width="4"/><path d="M${x} ${y - 13}v26M${x - 13} ${y}h26" stroke="#F2C230" stroke-width="2"/>`;

export const sparkle = (x: number, y: number, c = '#fff'): string => `<path d="M${x} ${y - 12}l3 9l9 3l-9 3l-3 9l-3-9l-9-3l9-3z" fill="${c}"/>`;

/** Two cherries on their stalks (kriek). */
export const cherries = (x: number, y: number): string =>
  `<path d="M${x - 12} ${y}q4-30 18-40M${x + 14} ${y + 4}q-2-30-8-44" stroke="#3E7B27" stroke-width="4" fill="none" stroke-linecap="round"/>` +
  `<circle cx="${x - 12}" cy="${y + 8}" r="14" fill="#B5172B"/><circle cx="${x + 14}" cy="${y + 12}" r="14" fill="#9D0F22"/>` +
  `<circle cx="${x - 16}" cy="${y + 3}" r="4" fill="#fff" opacity=".5"/><circle cx="${x + 10}" cy="${y + 7}" r="4" fill="#fff" opacity=".5"/>`;

/** An orange slice on the rim of a glass (witbier). */
export const orangeSlice = (x: number, y: number): string =>
  `<circle cx="${x}" cy="${y}" r="20" fill="#F9A03F" stroke="#E07A1F" stroke-width="4"/>` +
  `<path d="M${x} ${y - 15}v30M${x - 15} ${y}h30M${x - 10} ${y - 10}l20 20M${x + 10} ${y - 10}l-20 20" stroke="#FFD08A" stroke-width="2"/>`;

/** A striped drinking straw leaning out of a glass (milkshake); draw it before the glass. */
export const straw = (x: number, y: number): string =>
  `<g transform="rotate(14 ${x} ${y})"><rect x="${x}" y="${y}" width="12" height="150" rx="5" fill="#FFFFFF" stroke="#C8D6DD" stroke-width="2"/>` +
  `<path d="M${x} ${y + 14}l12-8M${x} ${y + 34}l12-8M${x} ${y + 54}l12-8" stroke="#E63946" stroke-width="5"/></g>`;
