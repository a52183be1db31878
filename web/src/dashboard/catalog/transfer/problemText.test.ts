import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import staffEn from '../../../i18n/messages/staff/en-US.json';
import staffFr from '../../../i18n/messages/staff/fr-FR.json';
import staffNl from '../../../i18n/messages/staff/nl-BE.json';
import { problemText } from './problemText';

const intlIn = (locale: string, messages: Record<string, string>) => createIntl({ locale, messages });

describe('menu import problems in the viewer’s language', () => {
  const notPrice = { row: 2, column: 'Regular price', code: 'notPrice' as const, params: { value: 'abc' }, message: '"abc" is not a price like 3.50.' };

  it('shows the code’s text with its values in Dutch, French and English', () => {
    expect(problemText(intlIn('nl-BE', staffNl), notPrice)).toBe('"abc" is geen prijs zoals 3,50.');
    expect(problemText(intlIn('fr-FR', staffFr), notPrice)).toBe('« abc » n’est pas un prix comme 3,50.');
    expect(problemText(intlIn('en-US', staffEn), notPrice)).toBe('"abc" is not a price like 3.50.');
    const image = { row: 3, column: 'Images', code: 'imageFailed' as const, params: { src: 'https://x.test/a.jpg', error: 'HTTP 404' }, message: '' };
    expect(problemText(intlIn('fr-FR', staffFr), image)).toBe('https://x.test/a.jpg : non importée (HTTP 404).');
  });

  it('keeps the server’s words for a problem stored without a code', () => {
    expect(problemText(intlIn('nl-BE', staffNl), { row: 1, column: '', message: 'The file has no rows.' })).toBe('The file has no rows.');
  });
});
