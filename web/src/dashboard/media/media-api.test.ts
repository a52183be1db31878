import { describe, expect, it } from 'vitest';
import { mediaTitle } from './media-api';

describe('mediaTitle (docs/interfaces.md §2 media titles)', () => {
  it('names product images "Product Image {alt}" and add-on option images "Addon Option Image"', () => {
    expect(mediaTitle('product', ' Frieten met mayo ')).toBe('Product Image Frieten met mayo');
    expect(mediaTitle('product', '')).toBe('Product Image');
    expect(mediaTitle('addonOption', 'Mayonaise')).toBe('Addon Option Image');
  });

  it('sends no title for other images, so the server names them after the file', () => {
    expect(mediaTitle('other', 'Logo')).toBeUndefined();
  });
});
