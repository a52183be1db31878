import { useState, type ImgHTMLAttributes } from 'react';
import { mediaSrcSet, mediaUrlFor, parseUploadedSrc } from '@bakje/contract/media';

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet'> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * An image that falls back to the placeholder (docs/product.md §9) when missing or broken. Uploaded images
 * (docs/decisions/0024-media.md) become a `<picture>` offering AVIF, WebP and their own format in every served
 * width, so the browser downloads the smallest file that fills `sizes` (default: the `width` given, or the
 * full width of a small screen). Lazy unless `loading="eager"` (the first row of cards, a product page's hero);
 * `width`/`height` reserve the space so nothing shifts when it arrives.
 */
export function ProductImage({ src, alt, sizes, loading = 'lazy', ...rest }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const image = failed ? null : parseUploadedSrc(src);
  if (!image) {
    const url = !src || failed ? PLACEHOLDER_IMAGE : src;
    return <img src={url} alt={alt} onError={() => setFailed(true)} decoding="async" loading={loading} {...rest} />;
  }
  const width = typeof rest.width === 'number' ? rest.width : undefined;
  const fits = sizes ?? (width ? `(max-width: ${width}px) 100vw, ${width}px` : '100vw');
  return (
    <picture className="product-image">
      <source type="image/avif" srcSet={mediaSrcSet(image, 'avif')} sizes={fits} />
      <source type="image/webp" srcSet={mediaSrcSet(image, 'webp')} sizes={fits} />
      <img
        src={mediaUrlFor(image, width ?? 640, image.format)}
        srcSet={mediaSrcSet(image, image.format)}
        sizes={fits}
        alt={alt}
        onError={() => setFailed(true)}
        decoding="async"
        loading={loading}
        {...rest}
      />
    </picture>
  );
}
