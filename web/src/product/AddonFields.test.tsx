// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Variation } from '../api/types';
import { AddonList, LinesLanguageNotice } from '../cart/CartTotals';
import { LocaleProvider } from '../i18n/LocaleProvider';
import type { LocaleCode } from '../i18n/locale';
import type { Messages } from '../i18n/messages';
import en from '../i18n/messages/en-US.json';
import fr from '../i18n/messages/fr-FR.json';
import nl from '../i18n/messages/nl-BE.json';
import { anAddon, anOption } from '../test/builders';
import { AddonFields } from './AddonFields';
import { variationLabel, variationLabelLang } from './OrderForm';

const MESSAGES: Record<LocaleCode, Messages> = { nl_BE: nl, fr_FR: fr, en_US: en };

function inPage(locale: LocaleCode, node: ReactNode) {
  return render(
    <LocaleProvider initial={locale} initialMessages={MESSAGES[locale]}>
      {node}
    </LocaleProvider>,
  );
}

afterEach(cleanup);

// Issue 31: add-on and variation texts without a translation say so, as product names do
// (docs/decisions/0074-untranslated-texts-hyphenation.md).
describe('add-on and variation texts shown in Dutch on a French or English page', () => {
  const sauces = anAddon({
    type: 'CHECKBOX',
    name: 'Sauzen',
    nameLang: 'nl',
    description: 'Autant que vous voulez.',
    descriptionLang: 'fr',
    options: [anOption({ label: 'Mayonnaise', labelLang: 'fr' }), anOption({ label: 'Samuraisaus', labelLang: 'nl' })],
  });
  const size = anAddon({
    display: 'select',
    name: 'Taille',
    nameLang: 'fr',
    options: [anOption({ label: 'Petit', labelLang: 'fr' }), anOption({ label: 'Groot', labelLang: 'nl' })],
  });
  const form = (notes?: boolean) => <AddonFields addons={[sauces, size]} choices={{}} errors={{}} basePrice={5} onChange={() => {}} notes={notes} />;

  it('the product page marks each Dutch name and option with lang and says so after it, in French', () => {
    const { container } = inPage('fr_FR', form());
    const group = screen.getByRole('group', { name: /Sauzen/ });
    expect(group.querySelector('legend [lang="nl"]')?.textContent).toBe('Sauzen');
    expect(
      within(group)
        .getAllByTestId('other-language')
        .map((n) => n.textContent),
    ).toEqual([' (en néerlandais)', ' (en néerlandais)']);
    expect(
      within(group)
        .getByRole('checkbox', { name: /Samuraisaus/ })
        .closest('label')
        ?.querySelector('[lang="nl"]')?.textContent,
    ).toBe('Samuraisaus');
    // Translated texts are left alone.
    expect(
      within(group)
        .getByRole('checkbox', { name: /Mayonnaise/ })
        .closest('label')
        ?.querySelector('[lang]'),
    ).toBeNull();
    expect(container.querySelector('.addon__desc [lang]')).toBeNull();
    // A select's options hold plain text: the note follows the label.
    expect([...screen.getByRole('combobox', { name: 'Taille' }).querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Faites un choix…',
      'Petit',
      'Groot (en néerlandais)',
    ]);
  });

  it('says it in English on an English page and nothing on a Dutch one', () => {
    inPage('en_US', form());
    expect(screen.getAllByTestId('other-language')[0]?.textContent).toBe(' (in Dutch)');
    cleanup();
    const dutch = inPage(
      'nl_BE',
      <AddonFields
        addons={[anAddon({ name: 'Sauzen', options: [anOption({ label: 'Samuraisaus' })] })]}
        choices={{}}
        errors={{}}
        basePrice={5}
        onChange={() => {}}
      />,
    );
    expect(screen.queryAllByTestId('other-language')).toEqual([]);
    expect(dutch.container.querySelector('[lang="nl"]')).toBeNull();
  });

  it('the kiosk (notes off) marks them with lang only', () => {
    const { container } = inPage('fr_FR', form(false));
    expect(screen.queryAllByTestId('other-language')).toEqual([]);
    expect([...container.querySelectorAll('[lang="nl"]')].map((n) => n.textContent)).toEqual(['Sauzen', 'Samuraisaus', 'Groot']);
  });

  it("a variation's label is in its attribute terms' language, else its name's", () => {
    const variation = (nodes: { label: string; labelLang: string | null }[], name = 'Burger - groot', nameLang = 'nl') =>
      ({ name, nameLang, attributes: { nodes: nodes.map((n) => ({ name: 'pa_formaat', value: n.label.toLowerCase(), ...n })) } }) as unknown as Variation;
    const groot = variation([{ label: 'Groot', labelLang: 'nl' }]);
    expect([variationLabel(groot), variationLabelLang(groot, 'fr')]).toEqual(['Groot', 'nl']);
    expect(variationLabelLang(groot, 'nl')).toBeUndefined();
    expect(variationLabelLang(variation([{ label: 'Petit', labelLang: 'fr' }]), 'fr')).toBeUndefined();
    // A value typed on the product (local attribute): its language is unknown, so it is not marked.
    expect(variationLabelLang(variation([{ label: '33 cl', labelLang: null }]), 'fr')).toBeUndefined();
    const named = variation([], 'Burger - groot', 'nl');
    expect([variationLabel(named), variationLabelLang(named, 'en')]).toEqual(['Burger - groot', 'nl']);
  });

  it("the cart marks a line's Dutch add-on with lang and says once, under the lines, that some texts are Dutch", () => {
    const addons = [
      { name: 'Sauzen', nameLang: 'nl', value: 'Mayonnaise', valueLang: 'fr', price: '0.80', priceType: 'QUANTITY_BASED' },
      { name: 'Remarque', nameLang: 'fr', value: 'Goed gebakken', valueLang: null, price: '0', priceType: 'QUANTITY_BASED' },
    ];
    const { container } = inPage(
      'fr_FR',
      <>
        <AddonList addons={addons} quantity={1} />
        <LinesLanguageNotice lines={[{ nameLang: 'fr', addons }]} />
      </>,
    );
    expect([...container.querySelectorAll('[lang]')].map((n) => [n.getAttribute('lang'), n.textContent])).toEqual([['nl', 'Sauzen']]);
    expect(screen.queryAllByTestId('other-language')).toEqual([]);
    expect(screen.getByTestId('other-language-notice').textContent).toBe('Tout n’est pas encore traduit : certains textes sont en néerlandais.');
    cleanup();
    inPage('fr_FR', <LinesLanguageNotice lines={[{ nameLang: 'fr', addons: [addons[1]!] }]} />);
    expect(screen.queryByTestId('other-language-notice')).toBeNull();
  });
});
