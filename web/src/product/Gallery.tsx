import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ImageData } from '../api/types';
import { ProductImage } from '../ui';

/** The product's images: the chosen one large, the others as thumbnails to pick from. */
export function Gallery({ images, name }: { images: ImageData[]; name: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage src={current?.sourceUrl || current?.productCardUrl || null} alt={current?.altText || name} width={800} height={600} loading="eager" />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={intl.formatMessage({ id: 'product.gallery' })}>
          {images.map((img, i) => (
            <li key={`${img.sourceUrl}-${i}`}>
              <button
                type="button"
                className={`gallery__thumb${i === index ? ' is-active' : ''}`}
                aria-pressed={i === index}
                aria-label={intl.formatMessage({ id: 'product.showImage' }, { index: i + 1, count: images.length })}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={img.thumbnailUrl || img.sourceUrl} alt="" width={96} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
