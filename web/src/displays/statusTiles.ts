/**
 * The order status screen's tile layout (docs/decisions/0065-status-screen-fits-any-rush.md): pure
 * arithmetic from a panel's box and its count of numbers to a grid of equal tiles, and the pages the
 * numbers rotate through when even the smallest readable tile cannot hold them all.
 */

/** The smallest tile font in stage pixels: digits about 3 cm tall on a 55" screen, readable from 5 metres. */
export const MIN_TILE_FONT = 72;
/** The largest tile font: a handful of numbers should not become billboards. */
export const MAX_TILE_FONT = 150;
/** Space between tiles, in stage pixels. */
export const TILE_GAP = 16;

/** A tabular digit of a heavy system font is at most 0.62 em wide; a tile adds 0.8 em of side room. */
const DIGIT_EM = 0.62;
const SIDE_ROOM_EM = 0.8;
/** A line of digits plus top and bottom room. */
const TILE_HEIGHT_EM = 1.4;

export interface TileGrid {
  columns: number;
  rows: number;
  /** Font size of a number in stage pixels. */
  fontSize: number;
  tileWidth: number;
  tileHeight: number;
  /** How many tiles one page shows. */
  capacity: number;
}

export interface Box {
  width: number;
  height: number;
}

/** The width in em of a tile for numbers of `digits` digits (at least two, so 1 and 10 share a size). */
export function tileWidthEm(digits: number): number {
  return Math.max(2, digits) * DIGIT_EM + SIDE_ROOM_EM;
}

function largestFont(box: Box, columns: number, rows: number, widthEm: number): number {
  const width = (box.width - (columns - 1) * TILE_GAP) / columns;
  const height = (box.height - (rows - 1) * TILE_GAP) / rows;
  return Math.min(width / widthEm, height / TILE_HEIGHT_EM, MAX_TILE_FONT);
}

function grid(columns: number, rows: number, fontSize: number, widthEm: number): TileGrid {
  const size = Math.floor(fontSize);
  return {
    columns,
    rows,
    fontSize: size,
    tileWidth: Math.floor(size * widthEm),
    tileHeight: Math.floor(size * TILE_HEIGHT_EM),
    capacity: columns * rows,
  };
}

/**
 * The grid of `count` tiles with the largest font that fits `box`; when even MIN_TILE_FONT cannot hold them
 * all, the grid of as many MIN_TILE_FONT tiles as fit (its `capacity` is then below `count`: the caller pages).
 */
export function fitTiles(count: number, box: Box, digits: number): TileGrid {
  const widthEm = tileWidthEm(digits);
  const wanted = Math.max(1, count);
  let best: { columns: number; rows: number; font: number } | undefined;
  for (let columns = 1; columns <= wanted; columns++) {
    const rows = Math.ceil(wanted / columns);
    const font = largestFont(box, columns, rows, widthEm);
    if (!best || font > best.font) best = { columns, rows, font };
  }
  if (best && best.font >= MIN_TILE_FONT) return grid(best.columns, best.rows, best.font, widthEm);
  const columns = Math.max(1, Math.floor((box.width + TILE_GAP) / (MIN_TILE_FONT * widthEm + TILE_GAP)));
  const rows = Math.max(1, Math.floor((box.height + TILE_GAP) / (MIN_TILE_FONT * TILE_HEIGHT_EM + TILE_GAP)));
  return grid(columns, rows, Math.max(MIN_TILE_FONT, largestFont(box, columns, rows, widthEm)), widthEm);
}

export interface Page {
  numbers: number[];
  /** 1-based page shown, and how many there are (1 when everything fits). */
  page: number;
  pages: number;
}

/**
 * The numbers one page shows. The first `pinned` numbers stay on every page (the newest "Klaar" numbers, the
 * ones people look for); the rest rotate through the remaining tiles, page `index` (any integer, wrapped).
 */
export function pageOf(numbers: number[], capacity: number, pinned: number, index: number): Page {
  if (numbers.length <= capacity) return { numbers, page: 1, pages: 1 };
  const fixed = Math.min(pinned, capacity - 1);
  const slots = capacity - fixed;
  const rest = numbers.slice(fixed);
  const pages = Math.ceil(rest.length / slots);
  const page = ((index % pages) + pages) % pages;
  return { numbers: [...numbers.slice(0, fixed), ...rest.slice(page * slots, (page + 1) * slots)], page: page + 1, pages };
}
