import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useCategories, useProductList, useSoldOutAddonOptions, useStoreSettings } from '../api/hooks';
import { useCatalogUpdates } from '../live/useCatalogUpdates';
import { ShopMessages } from '../messages/ShopMessages';
import type { ListProduct } from '../api/types';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { parseRawPrices } from '../shop/filtering';
import { ErrorState, Price, Spinner } from '../ui';
import { menuPages, parseBoardParam, type BoardParam } from './menuPages';
import './displays.css';
import { Stage } from './Stage';
import OrderStatusScreen from './OrderStatusScreen';

/** Variable products list their sizes' prices ("3,20 / 4,10 / 5,00"), up to three; more show "from". */
function BoardPrice({ product }: { product: ListProduct }) {
  const prices = [...new Set(parseRawPrices(product.rawPrice))];
  const regular = parseRawPrices(product.rawRegularPrice);
  if (prices.length === 0) return null;
  if (prices.length === 1) {
    const r = regular[regular.length - 1];
    return <Price amount={prices[0]} regular={product.onSale && r !== undefined ? r : null} size="lg" />;
  }
  if (prices.length <= 3) {
    return (
      <span className="board__prices">
        {prices.map((p, i) => (
          <span key={p}>
            {i > 0 ? <span className="board__sep"> / </span> : null}
            <Price amount={p} size="lg" />
          </span>
        ))}
      </span>
    );
  }
  return <Price amount={prices[0]} from size="lg" />;
}

/**
 * /digital-menu/{n} and /digital-menu/BKP-{n}.
 *
 * Standard boards are dark (light text on near-black) for the screens above the counter.
 * BKP ("back panel") boards are the landscape screens on the back wall, often facing the windows:
 * same content and page split, but an inverted light theme (near-black on frituur yellow) that stays
 * readable in daylight, with category headings as solid black bars and a rule between the columns.
 */
function DigitalMenu({ param }: { param: BoardParam }) {
  const intl = useIntl();
  const settings = useStoreSettings();
  const categories = useCategories();
  const products = useProductList();
  const soldOutOptions = useSoldOutAddonOptions();
  useDocumentTitle(intl.formatMessage({ id: 'board.title' }, { page: param.page }));
  // Live refresh: every catalogue change refetches the menu (the old one stays on screen meanwhile).
  useCatalogUpdates();

  const variantClass = param.variant === 'bkp' ? 'board--bkp' : 'board--standard';
  if ((products.isPending || categories.isPending) && !products.data) {
    return (
      <Stage className={variantClass}>
        <div className="board board--center">
          <Spinner size="lg" />
        </div>
      </Stage>
    );
  }
  if ((products.isError && !products.data) || (categories.isError && !categories.data)) {
    return (
      <Stage className={variantClass}>
        <div className="board board--center">
          <ErrorState
            error={products.error ?? categories.error}
            onRetry={() => {
              void products.refetch();
              void categories.refetch();
            }}
          />
        </div>
      </Stage>
    );
  }

  const pages = menuPages(categories.data ?? [], products.data ?? []);
  const page = pages[param.page - 1];
  const prefix = param.variant === 'bkp' ? 'BKP-' : '';

  return (
    <Stage className={variantClass}>
      <div className={`board ${variantClass}`} data-testid="digital-menu" data-page={param.page}>
        <header className="board__header">
          <img className="board__logo" src={settings.data?.logo ?? '/media/logo.svg'} alt="" width={264} height={88} />
          <p className="board__site">{settings.data?.siteName ?? 'Bakje'}</p>
          {page ? <p className="board__page">{intl.formatMessage({ id: 'board.pageOf' }, { page: param.page, count: pages.length })}</p> : null}
        </header>
        <ShopMessages surface="MENU_BOARDS" className="shop-messages--display" />
        {page ? (
          <main className="board__body">
            <h1 className="visually-hidden">{intl.formatMessage({ id: 'board.title' }, { page: param.page })}</h1>
            {page.map((section) => (
              <section key={`${section.category.slug}-${section.continued}`} className="board__section">
                <h2 className="board__category">
                  {section.category.name}
                  {section.continued ? <span className="board__continued"> {intl.formatMessage({ id: 'board.continued' })}</span> : null}
                </h2>
                <ul className="board__rows">
                  {section.products.map((p) => {
                    const soldOut = p.stockStatus === 'OUT_OF_STOCK';
                    return (
                      <li key={p.databaseId} className={`board__row${soldOut ? ' is-soldout' : ''}${p.onSale ? ' is-sale' : ''}`} data-testid="board-row">
                        <span className="board__name">
                          {p.name}
                          {p.isNew ? <span className="board__tag board__tag--new">{intl.formatMessage({ id: 'product.new' })}</span> : null}
                          {p.onSale && p.discountPercentage > 0 && !soldOut ? (
                            <span className="board__tag board__tag--sale">-{p.discountPercentage}%</span>
                          ) : null}
                        </span>
                        <span className="board__dots" aria-hidden="true" />
                        {soldOut ? (
                          <span className="board__soldout">{intl.formatMessage({ id: 'product.soldOut' })}</span>
                        ) : (
                          <span className="board__price" data-testid="board-price">
                            <BoardPrice product={p} />
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </main>
        ) : (
          <main className="board__body board__body--missing">
            <h1 className="board__missing-title">{intl.formatMessage({ id: 'board.missingTitle' }, { page: param.page })}</h1>
            <p className="board__missing-text">
              {pages.length === 0 ? intl.formatMessage({ id: 'board.empty' }) : intl.formatMessage({ id: 'board.missingText' }, { count: pages.length })}
            </p>
            {pages.length > 0 ? (
              <ul className="board__missing-links">
                {pages.map((_, i) => (
                  <li key={i}>
                    <Link to={`/digital-menu/${prefix}${i + 1}`}>{intl.formatMessage({ id: 'board.title' }, { page: i + 1 })}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </main>
        )}
        {soldOutOptions.data?.length ? (
          <footer className="board__soldout-today" data-testid="board-soldout-options">
            {intl.formatMessage({ id: 'board.soldOutToday' }, { names: soldOutOptions.data.map((o) => o.label).join(', ') })}
          </footer>
        ) : null}
      </div>
    </Stage>
  );
}

function DigitalMenuRoute() {
  const { page } = useParams();
  const param = parseBoardParam(page);
  const intl = useIntl();
  if (!param) {
    return (
      <Stage className="board--standard">
        <div className="board board--standard board--center">
          <main className="board__body board__body--missing">
            <h1 className="board__missing-title">{intl.formatMessage({ id: 'board.badParamTitle' })}</h1>
            <p className="board__missing-text">
              <Link to="/digital-menu/1">{intl.formatMessage({ id: 'board.title' }, { page: 1 })}</Link>
            </p>
          </main>
        </div>
      </Stage>
    );
  }
  return <DigitalMenu param={param} />;
}

export type DisplayKind = 'digital-menu' | 'order-status';

/** Full-screen displays: no shop header or footer. */
export default function DisplaysArea({ kind }: { kind: DisplayKind }) {
  if (kind === 'digital-menu') return <DigitalMenuRoute />;
  return <OrderStatusScreen />;
}
