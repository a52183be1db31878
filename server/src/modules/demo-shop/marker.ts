/** The settings row the demo seed writes once it has filled the catalogue (see demo-shop.ts). */
export const DEMO_SEED_MARKER = 'demo_seed';
