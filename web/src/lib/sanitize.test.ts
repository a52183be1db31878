// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { foldText, stripTags } from './text';

describe('sanitizeHtml', () => {
  it('keeps simple formatting', () => {
    expect(sanitizeHtml('<p>Vers <strong>gebakken</strong><br>in <em>ossewit</em></p>')).toBe('<p>Vers <strong>gebakken</strong><br>in <em>ossewit</em></p>');
  });

  it('drops scripts, styles and iframes with their content', () => {
    const out = sanitizeHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe>');
    expect(out).toBe('<p>ok</p>');
  });

  it('drops event handlers and javascript: links', () => {
    const out = sanitizeHtml('<p onclick="evil()">a</p><a href="javascript:alert(1)">b</a><img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/onclick|onerror|javascript/i);
    expect(out).toContain('<p>a</p>');
    expect(out).toContain('<a>b</a>');
  });

  it('sees through control characters hidden in a scheme', () => {
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('keeps safe links and marks outside ones', () => {
    expect(sanitizeHtml('<a href="/product/friet">friet</a>')).toBe('<a href="/product/friet">friet</a>');
    expect(sanitizeHtml('<a href="https://example.org">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it('removes unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<div><section>tekst</section></div>')).toBe('tekst');
  });

  it('keeps images only from http(s) or the shop itself', () => {
    expect(sanitizeHtml('<img src="/media/friet.jpg" alt="friet">')).toBe('<img src="/media/friet.jpg" alt="friet">');
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="x">')).toBe('<img alt="x">');
  });

  it('resists what regular expressions miss: parser tricks, entities and mutation', () => {
    const attacks = [
      '<img src=x onerror=alert(1)//',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<form><button formaction="javascript:alert(1)">x</button></form>',
    ];
    for (const attack of attacks) expect(sanitizeHtml(attack)).not.toMatch(/onerror|javascript|<svg|<math|<style|style=|formaction/i);
  });
});

describe('text helpers', () => {
  it('strips tags and decodes entities', () => {
    expect(stripTags('<p>Frites &amp; mayo&nbsp;!</p>')).toBe('Frites & mayo !');
  });
  it('folds case and accents', () => {
    expect(foldText('PATÉ Crème')).toBe('pate creme');
  });
});
