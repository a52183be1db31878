// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductImage } from './ProductImage';

afterEach(cleanup);

const HASH = '0123456789abcdef0123456789abcdef';

describe('ProductImage', () => {
  it('offers an upload as AVIF, WebP and its own format in the served widths below its own, lazily', () => {
    const { container } = render(<ProductImage src={`/media/u/${HASH}/1000x750.jpg`} alt="Friet" width={400} height={300} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const base = `/media/u/${HASH}`;
    expect(sources[0]!.getAttribute('srcset')).toBe(`${base}/160.avif 160w, ${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/full.avif 1000w`);
    expect(sources[1]!.getAttribute('sizes')).toBe('(max-width: 400px) 100vw, 400px');
    const img = screen.getByRole('img', { name: 'Friet' });
    expect(img.getAttribute('src')).toBe(`${base}/640.jpg`);
    expect(img.getAttribute('srcset')).toContain(`${base}/full.jpg 1000w`);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('300');
  });

  it('loads at once when marked eager, and takes the sizes it is given', () => {
    render(<ProductImage src={`http://shop.example/media/u/${HASH}/200x100.png`} alt="Saus" loading="eager" sizes="160px" width={160} height={80} />);
    const img = screen.getByRole('img', { name: 'Saus' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('sizes')).toBe('160px');
    // Smaller than every listed width but 160: 160 and its own size.
    expect(img.getAttribute('srcset')).toBe(`http://shop.example/media/u/${HASH}/160.png 160w, http://shop.example/media/u/${HASH}/full.png 200w`);
  });

  it('keeps a shipped SVG a plain img, and shows the placeholder without a src', () => {
    const { container } = render(<ProductImage src="/media/demo/frieten.svg" alt="Frieten" width={400} height={300} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Frieten' }).getAttribute('src')).toBe('/media/demo/frieten.svg');
    cleanup();
    render(<ProductImage src={null} alt="Leeg" />);
    expect(screen.getByRole('img', { name: 'Leeg' }).getAttribute('src')).toBe('/images/placeholder.jpg');
  });
});
