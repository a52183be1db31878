import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

/** An image that falls back to the placeholder (docs/product.md §9) when missing or broken. */
export function ProductImage({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & { src: string | null | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? PLACEHOLDER_IMAGE : src;
  return <img src={url} alt={alt} onError={() => setFailed(true)} decoding="async" {...rest} />;
}
