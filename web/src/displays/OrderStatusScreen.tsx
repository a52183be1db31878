import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useStoreSettings } from '../api/hooks';
import { toIntlLocale, type LocaleCode } from '../i18n/locale';
import { loadMessages, loadStaffMessages, type Messages } from '../i18n/messages';
import { useLocale } from '../i18n/LocaleProvider';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Chime } from '../live/chime';
import {
  applyEntry,
  columns,
  freshlyReady,
  fromSnapshot,
  initialBoard,
  nextDeparture,
  nextOnScreen,
  shopDay,
  type BoardEntry,
  type BoardSnapshot,
  type BoardState,
} from '../live/statusBoard';
import { useEventStream } from '../live/useEventStream';
import { Spinner } from '../ui';
import { Stage } from './Stage';
import { fitTiles, pageOf, type Box } from './statusTiles';
import { ShopMessages } from '../messages/ShopMessages';

const LANGUAGE_LOCALE: Record<BoardState['settings']['language'], LocaleCode> = { nl: 'nl_BE', fr: 'fr_FR', en: 'en_US' };
const isScreenLanguage = (value: string | null): value is BoardState['settings']['language'] => value !== null && value in LANGUAGE_LOCALE;

/**
 * /order-status-scherm: the public screen at the counter. Two columns of pickup numbers, "In bereiding" and
 * "Klaar", moved live by /api/events/status-screen; a chime when a number becomes ready; ready numbers
 * leave after the shop's setting. Labels follow the status screen's language setting, not the visitor's cookie;
 * `?lang=nl|fr|en` sets one screen's language (a counter in a bilingual shop runs one screen per language).
 * Any number of orders fits (docs/decisions/0065-status-screen-fits-any-rush.md): tiles shrink with the count,
 * then page; a number that just became ready stands out for a few seconds.
 */
export default function OrderStatusScreen() {
  const { locale: visitorLocale } = useLocale();
  const [search] = useSearchParams();
  const screenLanguage = search.get('lang');
  const [board, setBoard] = useState<BoardState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const chime = useRef<Chime>(new Chime());
  const [soundBlocked, setSoundBlocked] = useState(false);

  // A new shop day starts a new board: a new stream URL makes a fresh connection and snapshot.
  const [day, setDay] = useState('');
  const stream = useEventStream(`/api/events/status-screen${day ? `?day=${day}` : ''}`, {
    snapshot: (data) => setBoard(fromSnapshot(data as BoardSnapshot)),
    board: (data) =>
      setBoard((current) => {
        const { state, becameReady } = applyEntry(current ?? initialBoard, data as BoardEntry);
        if (becameReady && state.settings.chime) chime.current.play();
        return state;
      }),
  });

  // Re-render when the next ready number is due to leave (and on each new state).
  useEffect(() => {
    if (!board) return;
    const wait = nextDeparture(board, Date.now());
    if (wait === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [board, now]);
  // And when an order for a later slot fires: its number comes on screen then.
  useEffect(() => {
    if (!board) return;
    const wait = nextOnScreen(board, Date.now());
    if (wait === undefined) return;
    // Timers of more than 2^31 ms fire at once: wait at most a day, then look again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 86_400_000));
    return () => clearTimeout(timer);
  }, [board, now]);
  useEffect(() => setNow(Date.now()), [board]);
  // And when a number that just became ready stops standing out.
  useEffect(() => {
    if (!board) return;
    const { endsIn } = freshlyReady(board, Date.now());
    if (endsIn === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), endsIn + 50);
    return () => clearTimeout(timer);
  }, [board, now]);

  useEffect(() => {
    if (!board?.today) return;
    const check = setInterval(() => {
      const current = shopDay(board.timeZone, Date.now());
      if (current !== board.today) setDay(current);
    }, 60_000);
    return () => clearInterval(check);
  }, [board?.today, board?.timeZone]);

  // Try to get sound without a click (kiosk browsers often allow it); otherwise offer a button.
  useEffect(() => {
    if (!board?.settings.chime) return;
    void chime.current.unlock().then((ok) => setSoundBlocked(!ok));
  }, [board?.settings.chime]);
  const enableSound = useCallback(() => {
    void chime.current.unlock().then((ok) => {
      setSoundBlocked(!ok);
      if (ok) chime.current.play();
    });
  }, []);

  const shopLocale = isScreenLanguage(screenLanguage) ? LANGUAGE_LOCALE[screenLanguage] : board ? LANGUAGE_LOCALE[board.settings.language] : visitorLocale;
  const [messages, setMessages] = useState<{ locale: LocaleCode; messages: Messages } | null>(null);
  useEffect(() => {
    // The shop's language, not the visitor's: its shop texts and its staff-screen texts (this board's own).
    let live = true;
    void Promise.all([loadMessages(shopLocale), loadStaffMessages(shopLocale)]).then(([shop, staff]) => {
      if (live) setMessages({ locale: shopLocale, messages: { ...shop, ...staff } as Messages });
    });
    return () => {
      live = false;
    };
  }, [shopLocale]);

  const content = (
    <Board
      locale={shopLocale}
      board={board}
      now={now}
      stream={stream}
      soundBlocked={soundBlocked && Boolean(board?.settings.chime)}
      onEnableSound={enableSound}
    />
  );
  if (!messages) return content;
  return (
    <IntlProvider locale={toIntlLocale(messages.locale)} defaultLocale="nl-BE" messages={messages.messages} onError={() => undefined}>
      <div lang={toIntlLocale(messages.locale)}>{content}</div>
    </IntlProvider>
  );
}

function Board({
  locale,
  board,
  now,
  stream,
  soundBlocked,
  onEnableSound,
}: {
  locale: LocaleCode;
  board: BoardState | null;
  now: number;
  stream: ReturnType<typeof useEventStream>;
  soundBlocked: boolean;
  onEnableSound: () => void;
}) {
  const intl = useIntl();
  const settings = useStoreSettings();
  const title = intl.formatMessage({ id: 'statusScreen.title' });
  useDocumentTitle(title);
  const visible = useMemo(() => (board ? columns(board, now) : { preparing: [], ready: [] }), [board, now]);
  const fresh = useMemo(() => (board ? freshlyReady(board, now).numbers : new Set<number>()), [board, now]);
  const pageLabel = (page: number, pages: number) => intl.formatMessage({ id: 'statusScreen.page' }, { page, pages });

  return (
    <Stage className="status-screen-viewport" followOrientation>
      <div className="board status-screen" data-testid="order-status-screen">
        <header className="board__header">
          <img className="board__logo" src={settings.data?.logo ?? '/media/logo.svg'} alt="" width={264} height={88} />
          <p className="board__site">{settings.data?.siteName ?? 'Bakje'}</p>
          <h1 className="status-screen__title">{title}</h1>
        </header>
        <ShopMessages surface="STATUS_SCREEN" locale={locale} followCatalogue className="shop-messages--display" />
        {stream !== 'open' && board ? (
          <p className="status-screen__connection" role="status">
            {intl.formatMessage({ id: stream === 'refused' ? 'statusScreen.unavailable' : 'statusScreen.reconnecting' })}
          </p>
        ) : null}
        {!board ? (
          <main className="board__body board--center status-screen__loading">
            {stream === 'refused' ? (
              <p role="alert">{intl.formatMessage({ id: 'statusScreen.unavailable' })}</p>
            ) : (
              <>
                <Spinner size="lg" />
                <p role="status">{intl.formatMessage({ id: 'statusScreen.connecting' })}</p>
              </>
            )}
          </main>
        ) : (
          <main className="status-screen__columns">
            <Column
              id="preparing"
              heading={intl.formatMessage({ id: 'statusScreen.preparing' })}
              numbers={visible.preparing}
              empty={intl.formatMessage({ id: 'statusScreen.nonePreparing' })}
              pageLabel={pageLabel}
            />
            <Column
              id="ready"
              heading={intl.formatMessage({ id: 'statusScreen.ready' })}
              numbers={visible.ready}
              empty={intl.formatMessage({ id: 'statusScreen.noneReady' })}
              pageLabel={pageLabel}
              fresh={fresh}
              live
            />
          </main>
        )}
        {soundBlocked ? (
          <button type="button" className="status-screen__sound" onClick={onEnableSound}>
            {intl.formatMessage({ id: 'statusScreen.enableSound' })}
          </button>
        ) : null}
      </div>
    </Stage>
  );
}

/** How long one page of numbers stays before the next, when a column has more numbers than tiles. */
const PAGE_MS = 5_000;

/**
 * One column of numbers as a grid of equal tiles sized to its box. When even the smallest readable tile
 * cannot hold them all, the numbers page every PAGE_MS: in "Klaar" the newest half of the tiles stays and the
 * older numbers rotate through the rest; in "In bereiding" (oldest first) the whole list rotates.
 */
function Column({
  id,
  heading,
  numbers,
  empty,
  pageLabel,
  fresh,
  live,
}: {
  id: 'preparing' | 'ready';
  heading: string;
  numbers: number[];
  empty: string;
  pageLabel: (page: number, pages: number) => string;
  fresh?: Set<number>;
  live?: boolean;
}) {
  const headingId = `status-${id}-heading`;
  const area = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    // Layout sizes (clientWidth/Height) are the stage's own pixels, before the stage's scale.
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const digits = numbers.reduce((most, number) => Math.max(most, String(number).length), 2);
  const grid = box ? fitTiles(numbers.length, box, digits) : null;
  const [pageIndex, setPageIndex] = useState(0);
  const paging = grid !== null && numbers.length > grid.capacity;
  useEffect(() => {
    if (!paging) return;
    const timer = setInterval(() => setPageIndex((index) => index + 1), PAGE_MS);
    return () => clearInterval(timer);
  }, [paging]);
  const shown = grid ? pageOf(numbers, grid.capacity, id === 'ready' ? Math.floor(grid.capacity / 2) : 0, pageIndex) : null;

  return (
    <section className={`status-screen__column status-screen__column--${id}`} aria-labelledby={headingId} data-testid={`status-${id}`}>
      <div className="status-screen__heading-row">
        <h2 id={headingId} className="status-screen__heading">
          {heading}
        </h2>
        {shown && shown.pages > 1 ? (
          <p className="status-screen__page" data-testid="status-page">
            {pageLabel(shown.page, shown.pages)}
          </p>
        ) : null}
      </div>
      <div ref={area} className="status-screen__tiles" aria-live={live ? 'polite' : undefined}>
        {numbers.length === 0 ? (
          <p className="status-screen__empty">{empty}</p>
        ) : grid && shown ? (
          <ul
            className="status-screen__numbers"
            style={{
              gridTemplateColumns: `repeat(${grid.columns}, ${grid.tileWidth}px)`,
              gridAutoRows: `${grid.tileHeight}px`,
              fontSize: grid.fontSize,
            }}
          >
            {shown.numbers.map((number) => (
              <li
                key={number}
                className={fresh?.has(number) ? 'status-screen__number status-screen__number--fresh' : 'status-screen__number'}
                data-testid="status-number"
              >
                {number}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
