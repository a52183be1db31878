// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { holdRootForFirstPaint, releaseFirstPaint, ShellSettled, useFirstPaintDone } from './firstPaint';

/** The page as the server sends it with a first paint (server/src/modules/first-paint/first-paint.ts). */
function serverPage() {
  document.body.className = 'has-first-paint';
  document.body.innerHTML = '<div id="root"></div><div id="first-paint"><h1>Onze kaart</h1></div>';
  return document.getElementById('root')!;
}

function Page({ ready }: { ready: boolean }) {
  useFirstPaintDone(ready);
  return <h1>{ready ? 'Onze kaart (app)' : 'Laden…'}</h1>;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.body.className = '';
});

describe('the first paint hand-over', () => {
  it('renders the app out of the document and puts it in the first paint’s place only when the page is ready', async () => {
    const container = serverPage();
    holdRootForFirstPaint(container);
    expect(document.getElementById('root')).toBeNull();
    const root = createRoot(container);
    await act(async () => root.render(<Page ready={false} />));
    // Loading: the server's menu stays, and there is only one heading on the page.
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.body.textContent).toBe('Onze kaart');
    await act(async () => root.render(<Page ready />));
    expect(document.getElementById('first-paint')).toBeNull();
    expect(document.body.firstElementChild).toBe(container);
    expect(document.body.textContent).toBe('Onze kaart (app)');
    expect(document.body.classList.contains('has-first-paint')).toBe(false);
    act(() => root.unmount());
  });

  it('waits while the shop shell keeps its page hidden', async () => {
    serverPage();
    const { rerender } = render(
      <ShellSettled.Provider value={false}>
        <Page ready />
      </ShellSettled.Provider>,
      { container: document.body.appendChild(document.createElement('div')) },
    );
    expect(document.getElementById('first-paint')).not.toBeNull();
    rerender(
      <ShellSettled.Provider value>
        <Page ready />
      </ShellSettled.Provider>,
    );
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('does nothing on a page the server sent without one', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const container = document.getElementById('root')!;
    holdRootForFirstPaint(container);
    expect(document.getElementById('root')).toBe(container);
    releaseFirstPaint();
    expect(document.getElementById('root')).toBe(container);
  });
});
