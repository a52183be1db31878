// The stylesheets of the shell and the shop, linked from index.html: the server's first paint
// (docs/decisions/0044-first-paint.md) is styled by them before any script runs. The notice lines' sheets
// come first, in the order the app's modules imported them before it was split off (the cascade is unchanged).
import './shop-status/shop-status.css';
import './messages/messages.css';
import './styles/base.css';
import './ui/ui.css';
import './shell/shell.css';
import './shop/shop.css';
import './shell/first-paint.css';

/** A first paint whose images never finish loading must not keep the app from starting. */
const START_LIMIT_MS = 3_000;

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./app/start').then((app) => app.startApp());
}

// With a first paint the menu is on screen without the app: its code is fetched once the page has loaded
// (stylesheet and first images), so on a phone's network it does not take their bandwidth, nor the main
// thread before they show (docs/decisions/0052-main-thread.md). Without one (checkout, account, staff
// screens) the app starts at once; the server preloads its code (server/src/api/web/route-preloads.ts).
// After the load, one frame more: the first paint and its largest image are on screen before the app's code
// takes the main thread (a frame's callback runs before its paint, a task queued from it after).
const startAfterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.getElementById('first-paint') && document.readyState !== 'complete') {
  window.addEventListener('load', startAfterNextPaint, { once: true });
  setTimeout(start, START_LIMIT_MS);
} else start();
