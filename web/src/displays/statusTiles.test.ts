import { describe, expect, it } from 'vitest';
import { MAX_TILE_FONT, MIN_TILE_FONT, TILE_GAP, fitTiles, pageOf } from './statusTiles';

// The "Klaar" panel's tile box on the 1920x1080 stage.
const panel = { width: 808, height: 640 };

function fitsInside(count: number, box: { width: number; height: number }, digits: number) {
  const grid = fitTiles(count, box, digits);
  expect(grid.columns * grid.tileWidth + (grid.columns - 1) * TILE_GAP).toBeLessThanOrEqual(box.width);
  expect(grid.rows * grid.tileHeight + (grid.rows - 1) * TILE_GAP).toBeLessThanOrEqual(box.height);
  return grid;
}

describe('status screen tiles', () => {
  it('gives a few numbers large tiles, capped at the largest font', () => {
    const grid = fitsInside(3, panel, 2);
    expect(grid.fontSize).toBe(MAX_TILE_FONT);
    expect(grid.capacity).toBeGreaterThanOrEqual(3);
  });

  it('shrinks the tiles as the count grows, never below the smallest readable font while they fit', () => {
    let previous = Infinity;
    for (const count of [5, 10, 15, 20]) {
      const grid = fitsInside(count, panel, 2);
      expect(grid.capacity).toBeGreaterThanOrEqual(count);
      expect(grid.fontSize).toBeLessThanOrEqual(previous);
      expect(grid.fontSize).toBeGreaterThanOrEqual(MIN_TILE_FONT);
      previous = grid.fontSize;
    }
  });

  it('makes tiles wide enough for four-digit numbers', () => {
    const two = fitsInside(4, panel, 2);
    const four = fitsInside(4, panel, 4);
    expect(four.tileWidth / four.fontSize).toBeGreaterThan(two.tileWidth / two.fontSize);
    expect(four.tileWidth).toBeGreaterThanOrEqual(four.fontSize * 4 * 0.62);
  });

  it('holds at the smallest font when the count does not fit, and says how many fit', () => {
    const grid = fitsInside(200, panel, 4);
    expect(grid.fontSize).toBeGreaterThanOrEqual(MIN_TILE_FONT);
    expect(grid.capacity).toBeLessThan(200);
    expect(grid.capacity).toBeGreaterThan(0);
  });

  it('keeps the pinned numbers on every page and rotates the rest', () => {
    const numbers = Array.from({ length: 10 }, (_, i) => 100 - i);
    expect(pageOf(numbers, 12, 6, 3)).toEqual({ numbers, page: 1, pages: 1 });
    const first = pageOf(numbers, 6, 3, 0);
    expect(first).toEqual({ numbers: [100, 99, 98, 97, 96, 95], page: 1, pages: 3 });
    expect(pageOf(numbers, 6, 3, 1)).toEqual({ numbers: [100, 99, 98, 94, 93, 92], page: 2, pages: 3 });
    expect(pageOf(numbers, 6, 3, 2)).toEqual({ numbers: [100, 99, 98, 91], page: 3, pages: 3 });
    expect(pageOf(numbers, 6, 3, 3)).toEqual(first);
    // Without pins the whole list rotates.
    expect(pageOf(numbers, 4, 0, 2)).toEqual({ numbers: [92, 91], page: 3, pages: 3 });
  });
});
