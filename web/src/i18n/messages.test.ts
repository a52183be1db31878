import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import shopEn from './messages/en-US.json';
import shopFr from './messages/fr-FR.json';
import shopNl from './messages/nl-BE.json';
import staffEn from './messages/staff/en-US.json';
import staffFr from './messages/staff/fr-FR.json';
import staffNl from './messages/staff/nl-BE.json';

// The shop's catalogue plus the staff screens' one (loaded on demand): checked together.
const nl: Record<string, string> = { ...shopNl, ...staffNl };
const fr: Record<string, string> = { ...shopFr, ...staffFr };
const en: Record<string, string> = { ...shopEn, ...staffEn };

const catalogs: Record<string, Record<string, string>> = { 'nl-BE': nl, 'fr-FR': fr, 'en-US': en };

function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<typeof parse>) => {
    for (const el of elements) {
      if (el.type !== TYPE.literal && el.type !== TYPE.pound && 'value' in el && typeof el.value === 'string') names.add(el.value);
      if ('options' in el && el.options) for (const opt of Object.values(el.options)) walk((opt as { value: ReturnType<typeof parse> }).value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('message catalogues', () => {
  const keys = Object.keys(nl).sort();

  it('keep staff texts apart from the shop texts: no key in both, and only staff prefixes in the staff files', () => {
    expect(Object.keys(staffNl).filter((key) => key in shopNl)).toEqual([]);
    expect(Object.keys(staffNl).filter((key) => !/^(dashboard|kitchen|printer|statusScreen)\./.test(key))).toEqual([]);
  });

  it('have the same keys in nl-BE, fr-FR and en-US', () => {
    expect(Object.keys(fr).sort()).toEqual(keys);
    expect(Object.keys(en).sort()).toEqual(keys);
  });

  it.each(Object.keys(catalogs))('%s: every message parses as ICU and is not empty', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale]!)) {
      expect(message.trim(), key).not.toBe('');
      expect(() => parse(message), `${locale} ${key}`).not.toThrow();
    }
  });

  it('use the same placeholders in every language', () => {
    for (const key of keys) {
      const expected = argumentNames(nl[key]!);
      expect(argumentNames(fr[key]!), `fr-FR ${key}`).toEqual(expected);
      expect(argumentNames(en[key]!), `en-US ${key}`).toEqual(expected);
    }
  });

  it('contain every message id the source code uses', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const used = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"]([a-z]+(?:\.[a-zA-Z0-9]+)+)['"]/g)) {
        if (m[1]!.split('.').length >= 2 && !/\.(svg|jpg|png|css|json|ts|tsx)$/.test(m[1]!)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((id) => !(id in nl));
    expect(missing).toEqual([]);
  });

  it('translate the texts of docs/product.md §2, §5 and §8', () => {
    expect(en['error.notFoundTitle']).toBe('Page not found');
    expect(en['form.required']).toBe('Field is required');
    expect(en['product.maxQuantity']).toBe('You have reached the maximum allowed quantity for this product.');
    expect(nl['product.soldOut']).toBe('Uitverkocht');
  });
});
