// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider } from '../i18n/LocaleProvider';
import type { LocaleCode } from '../i18n/locale';
import type { Messages } from '../i18n/messages';
import en from '../i18n/messages/en-US.json';
import fr from '../i18n/messages/fr-FR.json';
import nl from '../i18n/messages/nl-BE.json';
import { InLanguage, OtherLanguageNotice, untranslatedLang } from './OtherLanguage';

const MESSAGES: Record<LocaleCode, Messages> = { nl_BE: nl, fr_FR: fr, en_US: en };

function inPage(locale: LocaleCode, node: React.ReactNode) {
  return render(
    <LocaleProvider initial={locale} initialMessages={MESSAGES[locale]}>
      {node}
    </LocaleProvider>,
  );
}

afterEach(cleanup);

describe('texts shown in another language (issue 31)', () => {
  it('marks a Dutch text on a French page with lang="nl" and says so in French', () => {
    const { container } = inPage(
      'fr_FR',
      <p>
        <InLanguage lang="nl">Levering aan huis binnen 8 km</InLanguage>
      </p>,
    );
    expect(container.querySelector('[lang="nl"]')?.textContent).toBe('Levering aan huis binnen 8 km');
    expect(screen.getByTestId('other-language').textContent).toBe(' (en néerlandais)');
  });

  it('says it in English on an English page, and nothing when the text is in the page language', () => {
    const { container } = inPage('en_US', <InLanguage lang="nl">Stoofvleessaus</InLanguage>);
    expect(screen.getByTestId('other-language').textContent).toBe(' (in Dutch)');
    cleanup();
    const dutch = inPage('nl_BE', <InLanguage lang="nl">Stoofvleessaus</InLanguage>);
    expect(dutch.container.innerHTML).toBe('Stoofvleessaus');
    expect(container.querySelector('[lang]')).toBeNull();
  });

  it('a block text keeps its paragraphs in a div with the note after it', () => {
    const { container } = inPage(
      'fr_FR',
      <InLanguage lang="nl" block>
        <p>Huisgemaakt.</p>
      </InLanguage>,
    );
    expect(container.querySelector('div[lang="nl"] > p')?.textContent).toBe('Huisgemaakt.');
    expect(container.querySelector('p.other-language')?.textContent).toBe('(en néerlandais)');
  });

  it('the menu says once that some texts are in Dutch, naming the first language that is not the page one', () => {
    const translated = { textLangs: { name: 'fr', shortDescription: 'fr', description: 'nl' } };
    const untranslated = { textLangs: { name: 'nl', shortDescription: 'fr', description: 'fr' } };
    expect(untranslatedLang([translated], [{ nameLang: 'fr' }], 'fr')).toBeUndefined();
    expect(untranslatedLang([translated, untranslated], [{ nameLang: 'fr' }], 'fr')).toBe('nl');
    expect(untranslatedLang([translated], [{ nameLang: 'nl' }], 'fr')).toBe('nl');
    inPage('fr_FR', <OtherLanguageNotice lang="nl" />);
    expect(screen.getByTestId('other-language-notice').textContent).toBe('Tout n’est pas encore traduit : certains textes sont en néerlandais.');
  });
});
