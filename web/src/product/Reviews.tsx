import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { ProductDetail } from '../api/types';
import { Badge, Stars } from '../ui';
import { CheckIcon } from '../ui/icons';

// Below the reviews, and the only form of the page on the form library: loaded when the page has drawn.
const ReviewForm = lazy(() => import('../account/ReviewForm'));

/** The product's reviews with their average, and the form to write one. */
export function Reviews({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const reviews = product.reviews.nodes;
  return (
    <section className="product__section" aria-labelledby="reviews-title" id="reviews">
      <h2 id="reviews-title" className="section-title">
        {intl.formatMessage({ id: 'reviews.title' }, { count: reviews.length })}
      </h2>
      {reviews.length === 0 ? (
        <p>{intl.formatMessage({ id: 'reviews.none' })}</p>
      ) : (
        <>
          <p className="reviews__average">
            <Stars rating={product.reviews.averageRating} />{' '}
            {intl.formatMessage(
              { id: 'reviews.average' },
              { rating: intl.formatNumber(product.reviews.averageRating, { maximumFractionDigits: 1 }), count: reviews.length },
            )}
          </p>
          <ol className="reviews">
            {reviews.map((r) => (
              <li key={r.id} className="review">
                <div className="review__head">
                  {r.author.node.avatar?.url ? (
                    <img className="review__avatar" src={r.author.node.avatar.url} alt="" width={40} height={40} loading="lazy" />
                  ) : null}
                  <p className="review__author">{r.author.node.name}</p>
                  {r.verified ? (
                    <Badge variant="new" className="review__verified">
                      <CheckIcon /> {intl.formatMessage({ id: 'reviews.verified' })}
                    </Badge>
                  ) : null}
                  <time className="review__date" dateTime={r.date}>
                    {intl.formatDate(r.date, { year: 'numeric', month: 'long', day: 'numeric' })}
                  </time>
                </div>
                <Stars rating={r.rating} size="sm" />
                <p className="review__content">{r.content}</p>
                {r.reply ? (
                  <blockquote className="review__reply">
                    <strong>{intl.formatMessage({ id: 'reviews.shopReply' })}</strong> {r.reply}
                  </blockquote>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      <Suspense fallback={null}>
        <ReviewForm productId={product.databaseId} />
      </Suspense>
    </section>
  );
}
