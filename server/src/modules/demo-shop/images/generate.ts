/**
 * Generates the demo illustrations in server/assets/media (demo/, allergens/ and logo.svg).
 * The SVG files are committed; run this only to change them:
 *
 *   cd server && npx tsx src/modules/demo-shop/images/generate.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  balls,
  bars,
  beerGlass,
  bottle,
  bowl,
  burger,
  can,
  cherries,
  coupe,
  croquettes,
  friesCone,
  friesLying,
  friesTray,
  g,
  jar,
  leaf,
  lemon,
  nuggets,
  orangeSlice,
  paperTray,
  plate,
  rings,
  saucePot,
  sauceBlob,
  scene,
  sparkle,
  specks,
  springRoll,
  stick,
  straw,
  waffle,
} from './draw.js';

const BG = {
  frieten: '#FFE7A0',
  sauzen: '#FDE2C4',
  snacks: '#FFD6C0',
  burgers: '#FFE1B0',
  vegetarisch: '#D4F0D0',
  schotels: '#D6E6F5',
  dranken: '#CDEBF5',
  desserts: '#F7D9E3',
  opties: '#E6DEF5',
} as const;

/** Sauce colours, shared by the sauce products and the pictures of the sauce add-on options. */
export const SAUCE_COLOURS: Record<string, { color: string; speck?: string }> = {
  mayonaise: { color: '#FFF0B3' },
  andalouse: { color: '#F4A259', speck: '#C1440E' },
  samurai: { color: '#E76F51', speck: '#9B2226' },
  tartaar: { color: '#F5F0D6', speck: '#5C8A3A' },
  joppie: { color: '#F9C74F', speck: '#E9F5DB' },
  'curry-ketchup': { color: '#C0392B' },
  cocktail: { color: '#F5A3A0' },
  pickles: { color: '#E9C46A', speck: '#6A994E' },
  stoofvleessaus: { color: '#6B3A1E', speck: '#8C5632' },
  bearnaise: { color: '#F6D365', speck: '#4F772D' },
  pindasaus: { color: '#A0642C', speck: '#6F4518' },
};

type Picture = { title: string; svg: string };

/** Scales a drawing up by 30 % around the middle of the floor line. */
const bigger = (body: string): string => g('translate(200 254) scale(1.3) translate(-200 -252)', body);

function productPictures(): Record<string, Picture> {
  const p: Record<string, Picture> = {};
  const add = (file: string, title: string, bg: string, body: string) => {
    p[file] = { title, svg: scene(title, bg, body) };
  };

  // ---- categories
  add('cat-frieten', 'Frieten', BG.frieten, friesCone(11));
  add(
    'cat-sauzen',
    'Sauzen',
    BG.sauzen,
    g('translate(-70 40) scale(.75)', saucePot('#FFF0B3', { fry: false })) +
      g('translate(150 40) scale(.75)', saucePot('#C0392B', { fry: false })) +
      g('translate(40 -10) scale(.8)', saucePot('#F4A259', { speck: '#C1440E' })),
  );
  add(
    'cat-snacks',
    'Snacks',
    BG.snacks,
    g('translate(0 -30)', stick(250, 40, '#8B4A2B', { angle: -14 })) +
      g('translate(10 40) scale(.9)', stick(190, 52, '#DB9A3C', { angle: 6, crumbs: '#A8641E', seed: 5 })),
  );
  add('cat-burgers', 'Burgers', BG.burgers, burger({ cheese: true, tomato: true }));
  add(
    'cat-vegetarisch',
    'Vegetarisch',
    BG.vegetarisch,
    burger({ patty: '#7A9E3B', pattyCrumbs: true, tomato: true, sesame: true }) + leaf(270, 80, -20) + leaf(96, 96, 200, '#3E8E41'),
  );
  add(
    'cat-schotels',
    'Schotels',
    BG.schotels,
    plate(friesLying(150, 180, 4) + bowl(250, 172, 100, '#6B3A1E', '#FFFFFF', specks(212, 164, 76, 12, 10, '#4A2410', 3, 4))),
  );
  add('cat-dranken', 'Dranken', BG.dranken, g('translate(-70 0)', can('#E41E2B')) + g('translate(80 10) scale(.95)', beerGlass('pils', '#F5B800', '#D62839')));
  add(
    'cat-desserts',
    'Desserts',
    BG.desserts,
    bigger(
      coupe(
        balls(
          [
            [176, 132],
            [224, 132],
            [200, 102],
          ],
          26,
          '#FFF8EC',
          null,
        ) + `<path d="M156 120q20 10 30-4q10 14 26 2q12 12 32-2q-4 24-14 22q-8 16-16 0q-12 12-20 0q-14 12-18-4q-18 6-20-14z" fill="#5A2E1A"/>`,
      ),
    ),
  );
  add('cat-opties', 'Opties', BG.opties, g('translate(0 10)', saucePot('#FFF0B3', { fry: false })) + sparkle(300, 80) + sparkle(110, 90));

  // ---- fries
  add('frieten', 'Frieten in een puntzak', BG.frieten, friesCone(1));
  add('frieten-bakje', 'Frieten in een kartonnen bakje', BG.frieten, friesTray(3));
  add('frieten-mayo', 'Frieten met mayonaise', BG.frieten, friesTray(4) + sauceBlob(200, 108, '#FFF0B3'));
  add(
    'frieten-formaten',
    'Frieten klein, middel en groot',
    BG.frieten,
    g('translate(-15 130) scale(.5)', friesCone(5)) + g('translate(71 98) scale(.62)', friesCone(6)) + g('translate(165 62) scale(.75)', friesCone(7)),
  );
  add('zoete-aardappelfrieten', 'Zoete-aardappelfrieten', BG.frieten, friesTray(8, '#F08C3A', '#C8641E'));
  add(
    'frieten-stoofvleessaus',
    'Frieten met stoofvleessaus',
    BG.frieten,
    friesTray(9) + sauceBlob(200, 110, '#6B3A1E', 1.2) + specks(160, 96, 80, 20, 6, '#4A2410', 9, 5),
  );
  add(
    'loaded-friet',
    'Loaded friet met cheddar en spek',
    BG.frieten,
    friesTray(10) + sauceBlob(200, 108, '#FFB703', 1.25) + specks(150, 88, 100, 30, 12, '#B23A3A', 12, 4) + specks(150, 88, 100, 30, 10, '#57B04A', 13, 2.5),
  );

  // ---- sauces
  const sauceTitles: Record<string, string> = {
    mayonaise: 'Mayonaise',
    andalouse: 'Andalousesaus',
    samurai: 'Samuraisaus',
    tartaar: 'Tartaarsaus',
    joppie: 'Joppiesaus',
    'curry-ketchup': 'Curry ketchup',
    cocktail: 'Cocktailsaus',
    pickles: 'Pickles',
    stoofvleessaus: 'Stoofvleessaus',
    bearnaise: 'Bearnaisesaus',
    pindasaus: 'Pindasaus',
  };
  Object.entries(SAUCE_COLOURS).forEach(([key, c], i) => {
    add(`saus-${key}`, `Potje ${sauceTitles[key] ?? key}`, BG.sauzen, saucePot(c.color, { speck: c.speck, seed: 100 + i }));
  });

  // ---- snacks
  add('frikandel', 'Frikandel', BG.snacks, stick(270, 42, '#8B4A2B'));
  add(
    'frikandel-speciaal',
    'Frikandel speciaal met curry, mayonaise en ui',
    BG.snacks,
    stick(270, 42, '#8B4A2B', { sauce: '#C0392B', onions: true }) +
      g(
        'rotate(-12 200 165) translate(0 14)',
        `<path d="M110 152q20-12 40 0t40 0t40 0t40 0" stroke="#FFF0B3" stroke-width="8" fill="none" stroke-linecap="round"/>`,
      ),
  );
  add('kipcorn', 'Kipcorn', BG.snacks, stick(260, 50, '#E3A03C', { crumbs: '#B86E1E', seed: 21, angle: -16 }));
  add(
    'bitterballen',
    'Bitterballen',
    BG.snacks,
    balls(
      [
        [140, 170],
        [200, 162],
        [260, 170],
        [170, 132],
        [232, 132],
      ],
      30,
      '#C98234',
      '#8E5219',
    ) +
      paperTray() +
      sauceBlob(300, 120, '#E9C46A', 0.45),
  );
  add('mexicano', 'Mexicano', BG.snacks, stick(270, 46, '#9E3B22', { spots: '#2F9E44', crumbs: '#E85D3A', seed: 23, angle: -8 }));
  add('bal-gehakt', 'Bal gehakt (boulet)', BG.snacks, plate(balls([[200, 160]], 62, '#8A4B2A', '#5E2F17', 31) + sauceBlob(200, 110, '#C0392B', 0.7)));
  add('viandel', 'Viandel', BG.snacks, stick(260, 40, '#A0522D', { spots: '#6B3A1E', crumbs: '#D2893F', seed: 25, angle: -20 }));
  add('cervela', 'Cervela', BG.snacks, g('translate(0 6)', stick(260, 48, '#C0645A', { grill: true, angle: 10 })));
  add('loempia', 'Loempia', BG.snacks, springRoll(110, 130, 190, 70, -10, 27) + sauceBlob(300, 210, '#E76F51', 0.5));
  add(
    'mini-loempias',
    "Mini-loempia's",
    BG.snacks,
    springRoll(110, 110, 110, 42, -18, 28) + springRoll(200, 120, 110, 42, 14, 29) + springRoll(140, 175, 110, 42, 4, 30) + paperTray(),
  );
  add('kaaskroket', 'Kaaskroket', BG.snacks, croquettes('#D9963A', '#FFE066', 31));
  add('garnaalkroket', 'Garnaalkroket', BG.snacks, croquettes('#D08A34', '#F4A6A0', 32) + lemon(300, 220));
  add('mammoet', 'Mammoet', BG.snacks, stick(300, 62, '#7C3F22', { spots: '#5A2A14', crumbs: '#B06A35', seed: 33, angle: -10 }));
  add(
    'bamischijf',
    'Bamischijf',
    BG.snacks,
    g(
      'rotate(-8 200 165)',
      `<rect x="110" y="110" width="180" height="110" rx="40" fill="#E39A3B"/>` +
        specks(120, 118, 160, 94, 40, '#B5651D', 34) +
        specks(130, 130, 140, 70, 12, '#F6D365', 35, 3.6),
    ),
  );
  add(
    'berenpoot',
    'Berenpoot',
    BG.snacks,
    `<path d="M70 170h260" stroke="#C9A66B" stroke-width="8" stroke-linecap="round"/>` +
      g('rotate(-4 200 165)', `<ellipse cx="200" cy="165" rx="110" ry="56" fill="#8B4A2B"/>` + specks(110, 120, 180, 90, 26, '#B86E3A', 36)) +
      `<g fill="none" stroke="#FFF4D6" stroke-width="6"><circle cx="130" cy="168" r="20"/><circle cx="268" cy="160" r="20"/></g>`,
  );
  add(
    'kipnuggets',
    'Kipnuggets',
    BG.snacks,
    nuggets(
      [
        [150, 170, -10],
        [210, 178, 14],
        [270, 166, -4],
        [180, 130, 22],
        [244, 128, -18],
      ],
      '#E0A043',
      '#B4701F',
    ) + paperTray(),
  );
  add(
    'calamares',
    'Calamares',
    BG.snacks,
    plate(
      rings(
        [
          [150, 176, -10],
          [210, 190, 12],
          [262, 170, -6],
          [200, 146, 20],
        ],
        '#E8B55A',
        '#B97A2C',
      ) + lemon(290, 214),
    ),
  );
  add(
    'fishsticks',
    'Fishsticks',
    BG.snacks,
    plate(
      bars(
        [
          [160, 168, -12],
          [210, 182, 8],
          [254, 160, -4],
          [196, 140, 14],
        ],
        96,
        30,
        '#E89A3A',
        '#B86E1E',
      ) + lemon(288, 212),
    ),
  );
  add(
    'chili-cheese-nuggets',
    'Chili cheese nuggets',
    BG.snacks,
    nuggets(
      [
        [150, 170, 8],
        [210, 180, -12],
        [270, 168, 16],
        [180, 130, -20],
        [242, 130, 6],
      ],
      '#E58A2E',
      '#C0392B',
      37,
    ) +
      specks(130, 110, 150, 80, 14, '#FFD23F', 38, 3) +
      paperTray(),
  );

  // ---- burgers
  add('bicky-burger', 'Bicky burger', BG.burgers, burger({ bun: '#C98236', sauce: '#FFD166', onion: true, lettuce: false, cheese: false }));
  add('cheeseburger', 'Cheeseburger', BG.burgers, burger({ cheese: true, lettuce: false, onion: true, sauce: '#C0392B' }));
  add('chickenburger', 'Chickenburger', BG.burgers, burger({ patty: '#E0A043', pattyCrumbs: true, tomato: true }));
  add('hamburger', 'Hamburger', BG.burgers, burger({ tomato: true, onion: true }));
  add('fishburger', 'Fishburger', BG.burgers, burger({ patty: '#E89A3A', pattyCrumbs: true, sauce: '#F5F0D6', sesame: false, bun: '#EDB564' }));
  add('bicky-cheese', 'Bicky cheese', BG.burgers, burger({ bun: '#C98236', cheese: true, sauce: '#FFD166', onion: true, lettuce: false }));
  add(
    'bakje-burger',
    'Bakje burger met dubbel vlees, cheddar en spek',
    BG.burgers,
    g('translate(0 18)', burger({ cheese: true, double: true, bacon: true, tomato: true })) + sparkle(306, 70, '#FF6B35') + sparkle(90, 96, '#FF6B35'),
  );

  // ---- vegetarian
  add('veggie-burger', 'Veggie burger', BG.vegetarisch, burger({ patty: '#7A9E3B', pattyCrumbs: true, tomato: true }) + leaf(286, 90, -20));
  add(
    'falafel',
    'Falafel',
    BG.vegetarisch,
    plate(
      balls(
        [
          [150, 176],
          [206, 184],
          [262, 172],
          [178, 140],
          [236, 140],
        ],
        28,
        '#8A6A2E',
        '#5E7D2A',
        41,
      ) + sauceBlob(200, 226, '#F5F0D6', 0.5),
    ),
  );
  add('vegetarische-frikandel', 'Vegetarische frikandel', BG.vegetarisch, stick(270, 42, '#A0683C', { angle: -14 }) + leaf(280, 92, -10));
  add(
    'veggie-nuggets',
    'Veggie nuggets',
    BG.vegetarisch,
    nuggets(
      [
        [150, 170, -6],
        [210, 178, 10],
        [270, 166, -14],
        [210, 130, 20],
      ],
      '#D9A441',
      '#7A9E3B',
      43,
    ) + paperTray('#FFFFFF', '#3E8E41'),
  );
  add('groentekroket', 'Groentekroket', BG.vegetarisch, croquettes('#D9963A', '#9BCB6C', 44));
  add(
    'halloumi-sticks',
    'Halloumi sticks',
    BG.vegetarisch,
    plate(
      bars(
        [
          [160, 170, -10],
          [214, 184, 6],
          [256, 158, -2],
          [196, 142, 16],
        ],
        90,
        32,
        '#F3E3B3',
        null,
        '#C48A3A',
      ) + sauceBlob(280, 214, '#C0392B', 0.45),
    ),
  );

  // ---- plates
  add(
    'stoofvlees-schotel',
    'Stoofvlees met frieten',
    BG.schotels,
    plate(friesLying(140, 180, 51) + bowl(258, 170, 110, '#5A2E14', '#FFFFFF', specks(214, 160, 88, 14, 10, '#3B1C0B', 52, 5)) + leaf(210, 214, 10)),
  );
  add(
    'stoofvlees-pot',
    'Stoofvlees in een gietijzeren pot',
    BG.schotels,
    `<rect x="92" y="150" width="216" height="90" rx="22" fill="#2F2F33"/><ellipse cx="200" cy="150" rx="110" ry="24" fill="#444449"/>` +
      `<ellipse cx="200" cy="152" rx="96" ry="18" fill="#5A2E14"/>` +
      specks(120, 142, 160, 20, 16, '#3B1C0B', 53, 6) +
      `<rect x="62" y="160" width="34" height="16" rx="8" fill="#2F2F33"/><rect x="304" y="160" width="34" height="16" rx="8" fill="#2F2F33"/>` +
      `<path d="M170 110q-10-20 6-34M210 104q-10-20 6-34" stroke="#fff" stroke-width="5" fill="none" opacity=".6" stroke-linecap="round"/>`,
  );
  add(
    'vol-au-vent',
    'Vol-au-vent',
    BG.schotels,
    plate(
      friesLying(130, 184, 54) +
        `<path d="M200 120h100v70q0 12-12 12h-76q-12 0-12-12z" fill="#E9B45A"/><path d="M204 140h92M204 162h92" stroke="#C8892F" stroke-width="3"/>` +
        `<path d="M190 124q18-26 62-20q44-4 62 20q-10 18-62 14q-52 6-62-14z" fill="#FFF4D9"/>` +
        specks(210, 104, 90, 22, 8, '#E3C78E', 55, 5) +
        specks(212, 108, 84, 18, 5, '#57B04A', 56, 2),
    ),
  );
  add(
    'curryworst-schotel',
    'Curryworst met frieten en slaatje',
    BG.schotels,
    plate(
      friesLying(130, 182, 57) +
        g('translate(60 10) scale(.7)', stick(220, 44, '#B5653A', { sauce: '#C0392B', angle: 4 })) +
        leaf(240, 218, -10) +
        leaf(270, 212, 30, '#7CC46A'),
    ),
  );
  add(
    'kipschnitzel',
    'Kipschnitzel met frieten',
    BG.schotels,
    plate(
      friesLying(130, 184, 58) +
        g('rotate(-8 250 176)', `<ellipse cx="250" cy="176" rx="74" ry="40" fill="#DC9A3E"/>` + specks(184, 146, 132, 60, 26, '#A8641E', 59)) +
        lemon(296, 144),
    ),
  );
  add(
    'balletjes-tomatensaus',
    'Balletjes in tomatensaus',
    BG.schotels,
    plate(
      `<ellipse cx="200" cy="186" rx="110" ry="44" fill="#D1382E"/>` +
        balls(
          [
            [160, 182],
            [204, 192],
            [248, 180],
            [184, 160],
            [228, 160],
          ],
          24,
          '#8A4B2A',
          '#5E2F17',
          61,
        ) +
        leaf(150, 206, 20),
    ),
  );
  add(
    'kidsmenu',
    'Kidsmenu met nuggets, frietjes en appelmoes',
    BG.schotels,
    plate(
      friesLying(130, 186, 62) +
        nuggets(
          [
            [236, 192, 10],
            [270, 170, -12],
          ],
          '#E0A043',
          '#B4701F',
          63,
        ) +
        bowl(232, 146, 64, '#F3E2A9', '#FFD23F', specks(210, 142, 44, 8, 5, '#E0B96A', 64, 2)),
    ) +
      sparkle(96, 80, '#FF6B35') +
      sparkle(320, 84, '#3A86FF') +
      sparkle(300, 50, '#FFD23F'),
  );

  // ---- drinks
  add('kriek', 'Tulpglas kriek', BG.dranken, beerGlass('tulip', '#A4161A', '#F2C14E') + cherries(252, 206));
  add('hoegaarden', 'Glas witbier', BG.dranken, beerGlass('pils', '#F3E3A6', '#1D5FA8') + orangeSlice(256, 92));
  add('fristi', 'Flesje Fristi', BG.dranken, bottle('#E0457B', '#FFFFFF', '#E0457B', '#F4D3DF') + `<circle cx="200" cy="185" r="13" fill="#C9184A"/>`);
  add('milkshake-vanille', 'Vanillemilkshake', BG.dranken, straw(226, 38) + beerGlass('pils', '#FFF1C9', '#F7E3A3'));
  add('jupiler', 'Glas Jupiler pils', BG.dranken, beerGlass('pils', '#F5B800', '#D62839'));
  add('duvel', 'Glas Duvel', BG.dranken, beerGlass('tulip', '#F2C14E', '#B22222'));
  add('chocomelk', 'Flesje chocomelk', BG.dranken, bottle('#6B3A2A', '#FFD23F', '#6B3A2A', '#E8D9CC'));

  // ---- desserts
  add(
    'dame-blanche',
    'Dame blanche',
    BG.desserts,
    bigger(
      coupe(
        balls(
          [
            [174, 132],
            [226, 132],
            [200, 100],
          ],
          28,
          '#FFF8EC',
          null,
        ) +
          `<path d="M152 118q20 12 32-4q10 16 28 2q12 14 36-2q-4 26-16 24q-8 18-18 0q-12 14-22 0q-16 14-20-4q-20 6-20-16z" fill="#5A2E1A"/>` +
          `<rect x="232" y="62" width="12" height="64" rx="5" fill="#E9B45A" transform="rotate(20 238 94)"/>`,
      ),
    ),
  );
  add(
    'chocomousse',
    'Chocomousse',
    BG.desserts,
    `<path d="M140 110h120l-12 130q-2 14-16 14h-64q-14 0-16-14z" fill="#EAF3F7" stroke="#C8D6DD" stroke-width="3"/>` +
      `<path d="M146 128h108l-10 110q-2 10-12 10h-64q-10 0-12-10z" fill="#5A2E1A"/>` +
      `<path d="M156 126q10-30 44-28q34-2 44 28q-20 10-44 6q-24 4-44-6z" fill="#FFF8EC"/>` +
      specks(170, 100, 60, 16, 8, '#3B1C0B', 71, 2.6),
  );
  add('brusselse-wafel', 'Brusselse wafel met poedersuiker', BG.desserts, waffle('brussels'));
  add('luikse-wafel', 'Luikse suikerwafel', BG.desserts, waffle('liege'));
  add(
    'sundae-caramel',
    'Sundae caramel met nootjes',
    BG.desserts,
    `<path d="M136 120h128l-16 120q-2 14-16 14h-64q-14 0-16-14z" fill="#FFFFFF" stroke="#E3DDD3" stroke-width="3"/>` +
      balls(
        [
          [176, 118],
          [224, 118],
          [200, 90],
        ],
        28,
        '#FFF8EC',
        null,
      ) +
      `<path d="M150 106q24 14 36 0q14 14 28 0q14 14 36 0q-4 20-14 18q-8 14-18 0q-10 12-20 0q-14 12-20-2q-18 4-28-16z" fill="#C8792B"/>` +
      specks(160, 70, 80, 40, 10, '#8D5A2B', 73, 4),
  );
  add(
    'rijstpap',
    'Rijstpap',
    BG.desserts,
    bowl(200, 150, 200, '#FFF1D0', '#6FA8DC', specks(130, 138, 140, 20, 24, '#E4B47C', 75, 2.2)) +
      `<path d="M246 150l40-70" stroke="#C9CED3" stroke-width="10" stroke-linecap="round"/>`,
  );

  // ---- not in the main menu
  add(
    'familiemenu',
    'Familiemenu',
    BG.opties,
    g('translate(-45 76) scale(.7)', friesCone(81)) +
      g('translate(75 86) scale(.7)', burger({ cheese: true })) +
      g('translate(210 110) scale(.6)', can('#E41E2B')),
  );
  add('stoofvleessaus-bokaal', 'Bokaal huisgemaakte stoofvleessaus', BG.opties, jar('#6B3A1E', '#D62839', '#FFF4D9'));
  return p;
}

// ---------------------------------------------------------------- allergen icons (64x64)

function allergenIcon(title: string, bg: string, glyph: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img">` +
    `<title>${title}</title><circle cx="32" cy="32" r="31" fill="${bg}"/><circle cx="32" cy="32" r="27" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/>` +
    glyph +
    `</svg>`
  );
}

function allergenIcons(): Record<string, string> {
  const W = '#FFFFFF';
  const grain = (y: number) =>
    `<ellipse cx="27" cy="${y}" rx="4" ry="6.5" transform="rotate(-30 27 ${y})"/><ellipse cx="37" cy="${y}" rx="4" ry="6.5" transform="rotate(30 37 ${y})"/>`;
  return {
    gluten: allergenIcon(
      'Gluten',
      '#D98E04',
      `<path d="M32 52V16" stroke="${W}" stroke-width="3" stroke-linecap="round"/><g fill="${W}">${grain(22)}${grain(32)}${grain(42)}<ellipse cx="32" cy="14" rx="3.5" ry="6"/></g>`,
    ),
    crustaceans: allergenIcon(
      'Crustaceans',
      '#E4572E',
      `<g stroke="${W}" stroke-width="2.6" stroke-linecap="round" fill="none"><path d="M20 36l-8 4M20 40l-7 7M22 44l-5 8M44 36l8 4M44 40l7 7M42 44l5 8M24 30l-6-8M40 30l6-8M28 28v-6M36 28v-6"/></g>` +
        `<ellipse cx="32" cy="38" rx="14" ry="10" fill="${W}"/><path d="M12 20q2-10 10-8l-3 5l6 1q-2 8-13 2z" fill="${W}"/><path d="M52 20q-2-10-10-8l3 5l-6 1q2 8 13 2z" fill="${W}"/>` +
        `<circle cx="28" cy="21" r="2.4" fill="${W}"/><circle cx="36" cy="21" r="2.4" fill="${W}"/>`,
    ),
    eggs: allergenIcon(
      'Eggs',
      '#F2B705',
      `<path d="M32 14q14 0 16 22q0 16-16 16t-16-16q2-22 16-22z" fill="${W}"/><circle cx="27" cy="30" r="3" fill="#F2B705" opacity=".5"/>`,
    ),
    fish: allergenIcon(
      'Fish',
      '#3A86FF',
      `<path d="M12 32q14-16 32 0q-18 16-32 0z" fill="${W}"/><path d="M42 32l12-10v20z" fill="${W}"/><circle cx="22" cy="30" r="2.4" fill="#3A86FF"/>`,
    ),
    peanuts: allergenIcon(
      'Peanuts',
      '#B5835A',
      `<g transform="rotate(-35 32 32)"><circle cx="32" cy="22" r="10" fill="${W}"/><circle cx="32" cy="42" r="10" fill="${W}"/><rect x="25" y="26" width="14" height="12" fill="${W}"/><path d="M26 20h12M26 44h12M27 32h10" stroke="#B5835A" stroke-width="1.6" opacity=".6"/></g>`,
    ),
    soybeans: allergenIcon(
      'Soybeans',
      '#6A994E',
      `<path d="M14 40q4-22 26-26q12-2 10 8q-4 20-28 26q-10 2-8-8z" fill="${W}"/><g fill="#6A994E"><circle cx="23" cy="39" r="4.5"/><circle cx="32" cy="31" r="4.5"/><circle cx="41" cy="23" r="4.5"/></g>`,
    ),
    milk: allergenIcon(
      'Milk',
      '#4EA8DE',
      `<path d="M22 24l6-10h8l6 10v26q0 2-2 2H24q-2 0-2-2z" fill="${W}"/><path d="M22 24h20" stroke="#4EA8DE" stroke-width="2"/><path d="M26 36h12" stroke="#4EA8DE" stroke-width="3" stroke-linecap="round"/>`,
    ),
    nuts: allergenIcon(
      'Nuts',
      '#7F5539',
      `<path d="M18 30q14-14 28 0z" fill="#E6CCB2"/><path d="M18 30h28q0 20-14 22q-14-2-14-22z" fill="${W}"/><path d="M32 16v6" stroke="${W}" stroke-width="3" stroke-linecap="round"/><path d="M22 30l4-4l4 4l4-4l4 4l4-4l4 4" stroke="#7F5539" stroke-width="1.6" fill="none"/>`,
    ),
    celery: allergenIcon(
      'Celery',
      '#2D9F6F',
      `<path d="M26 52V24M32 52V20M38 52V24" stroke="${W}" stroke-width="5" stroke-linecap="round"/><g fill="${W}"><circle cx="24" cy="18" r="5"/><circle cx="32" cy="13" r="5"/><circle cx="40" cy="18" r="5"/></g>`,
    ),
    mustard: allergenIcon(
      'Mustard',
      '#C9A100',
      `<path d="M24 26h16v22q0 4-4 4h-8q-4 0-4-4z" fill="${W}"/><path d="M27 26l2-8h6l2 8z" fill="${W}"/><rect x="30" y="10" width="4" height="8" fill="${W}"/><path d="M28 38q4-6 8 0q-4 6-8 0z" fill="#C9A100"/>`,
    ),
    sesame: allergenIcon(
      'Sesame seeds',
      '#A47148',
      `<g fill="${W}"><path d="M24 20q5 4 0 12q-5-8 0-12z"/><path d="M40 18q5 4 0 12q-5-8 0-12z"/><path d="M32 30q5 4 0 12q-5-8 0-12z"/><path d="M22 38q5 4 0 12q-5-8 0-12z"/><path d="M42 38q5 4 0 12q-5-8 0-12z"/></g>`,
    ),
    sulphites: allergenIcon(
      'Sulphites',
      '#8E3B61',
      `<path d="M22 14h20q2 16-10 20q-12-4-10-20z" fill="${W}"/><path d="M32 34v14M24 50h16" stroke="${W}" stroke-width="3" stroke-linecap="round"/><path d="M24 20h16q0 8-8 10q-8-2-8-10z" fill="#8E3B61" opacity=".35"/>`,
    ),
    lupin: allergenIcon(
      'Lupin',
      '#7B61FF',
      `<path d="M32 54V20" stroke="${W}" stroke-width="3" stroke-linecap="round"/><g fill="${W}"><ellipse cx="32" cy="14" rx="3" ry="4"/><ellipse cx="27" cy="21" rx="4" ry="3"/><ellipse cx="37" cy="21" rx="4" ry="3"/><ellipse cx="26" cy="28" rx="5" ry="3.4"/><ellipse cx="38" cy="28" rx="5" ry="3.4"/><ellipse cx="25" cy="35" rx="5.5" ry="3.6"/><ellipse cx="39" cy="35" rx="5.5" ry="3.6"/></g><path d="M32 50q-10-2-12 4M32 50q10-2 12 4" stroke="${W}" stroke-width="2.4" fill="none"/>`,
    ),
    molluscs: allergenIcon(
      'Molluscs',
      '#2A9D8F',
      `<path d="M32 50L14 28q4-14 18-14t18 14z" fill="${W}"/><path d="M32 50L20 22M32 50V16M32 50l12-28M32 50L15 30M32 50l17-20" stroke="#2A9D8F" stroke-width="1.8"/><rect x="27" y="48" width="10" height="6" rx="2" fill="${W}"/>`,
    ),
  };
}

function logo(): string {
  const sticks: Array<[number, number, number]> = [
    [22, 16, -14],
    [30, 10, -6],
    [38, 7, 1],
    [46, 10, 8],
    [54, 16, 15],
  ];
  const fries = sticks.map(([x, y, a]) => `<rect x="${x - 3.5}" y="${y}" width="7" height="34" rx="1.5" transform="rotate(${a} ${x} 44)"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img">` +
    `<title>Frituur 't Bakje</title>` +
    `<g fill="#F7C948" stroke="#E0A32E" stroke-width="1.2">${fries}</g>` +
    `<path d="M12 36h56l-23 38q-5 5-10 0z" fill="#FFFDF6" stroke="#D7CBB5" stroke-width="2"/>` +
    `<path d="M12 36h56l-5 8H17z" fill="#D62839"/>` +
    `<text x="78" y="56" font-family="system-ui, sans-serif" font-size="40" font-weight="800" fill="#2B2118">Bakje</text>` +
    `<circle cx="226" cy="26" r="5" fill="#F7C948"/>` +
    `</svg>`
  );
}

export const mediaRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../assets/media');

export function writeAll(root = mediaRoot): { files: number; largest: number } {
  fs.mkdirSync(path.join(root, 'demo'), { recursive: true });
  fs.mkdirSync(path.join(root, 'allergens'), { recursive: true });
  let files = 0;
  let largest = 0;
  const write = (file: string, svg: string) => {
    fs.writeFileSync(file, svg + '\n');
    files++;
    largest = Math.max(largest, Buffer.byteLength(svg));
  };
  for (const [name, pic] of Object.entries(productPictures())) write(path.join(root, 'demo', `${name}.svg`), pic.svg);
  for (const [code, svg] of Object.entries(allergenIcons())) write(path.join(root, 'allergens', `${code}.svg`), svg);
  write(path.join(root, 'logo.svg'), logo());
  return { files, largest };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, largest } = writeAll();
  console.log(`wrote ${files} SVG files to ${mediaRoot} (largest ${largest} bytes)`);
}
