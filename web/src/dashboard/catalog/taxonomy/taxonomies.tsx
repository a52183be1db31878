import type { WcAllergen, WcAttribute, WcCategory, WcTag, WcTerm } from '@bakje/contract';
import { useState, type ComponentType } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button, type Column } from '../../../ui';
import { allPages, nameIn, taxonomyKeys, wc, WC, type Lang } from '../taxonomyApi';
import { CategoryEditor } from './CategoryEditor';
import { CategoryList } from './CategoryList';
import { byCustomOrder, DEFAULT_SLUG } from './categoryOrder';
import { TaxonomySection, type TaxonomyRow } from './TaxonomySection';
import { loadTags, TAGS } from './useTags';

/**
 * The dashboard's taxonomies as configurations of the one `TaxonomySection`
 * (docs/decisions/0064-one-taxonomy-service.md): their endpoints, columns, editor fields and texts.
 */

type SectionProps = { lang: Lang; search?: string };

const say = (intl: IntlShape, id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

/** Name (in the dashboard's language), slug and, where counted, how many products use it. */
function namedColumns<T extends TaxonomyRow & { slug: string }>(intl: IntlShape, lang: Lang, counted?: (row: T) => number): Column<T>[] {
  return [
    { id: 'name', header: say(intl, 'dashboard.catalog.name'), rowHeader: true, cell: (row) => nameIn(lang, row), sortValue: (row) => nameIn(lang, row) },
    { id: 'slug', header: say(intl, 'dashboard.catalog.slug'), cell: (row) => row.slug, className: 'admin__mono' },
    ...(counted ? [{ id: 'count', header: say(intl, 'dashboard.attributes.products'), cell: counted, sortValue: counted }] : []),
  ];
}

/** The slug as the one more field of the names editor; left empty, the server makes it from the name. */
const slugEditor = <T extends { slug: string }>(intl: IntlShape, title: (row: T | null) => string, hintId = 'dashboard.catalog.slugHint') => ({
  title,
  extraLabel: say(intl, 'dashboard.catalog.slug'),
  extraHint: say(intl, hintId),
  extraOf: (row: T) => row.slug,
  extraBody: (slug: string) => (slug ? { slug } : {}),
});

/** Categories: an ordered tree with images, their own list and editor; `uncategorized` cannot be deleted. */
function Categories({ lang }: SectionProps) {
  const intl = useIntl();
  const collection = `${WC}/products/categories`;
  return (
    <TaxonomySection<WcCategory>
      lang={lang}
      config={{
        id: 'categories-list-title',
        title: say(intl, 'dashboard.categories.listTitle'),
        queryKey: taxonomyKeys.categories,
        load: (signal) => allPages<WcCategory>(`${collection}?orderby=id&order=asc`, signal),
        collection,
        searchIn: (c) => [c.slug],
        searchHint: say(intl, 'dashboard.categories.reorderNeedsAll'),
        columns: [],
        empty: say(intl, 'dashboard.categories.empty'),
        add: { label: say(intl, 'dashboard.categories.add'), needsList: true },
        editor: (category, all, close) => <CategoryEditor category={category} all={[...all].sort(byCustomOrder)} lang={lang} onClose={close} />,
        remove: {
          titleId: 'dashboard.categories.deleteTitle',
          bodyId: 'dashboard.categories.deleteBody',
          doneId: 'dashboard.categories.deleted',
          allowed: (c) => c.slug !== DEFAULT_SLUG,
        },
        own: (list) => <CategoryList {...list} lang={lang} />,
      }}
    />
  );
}

function Tags({ lang }: SectionProps) {
  const intl = useIntl();
  return (
    <TaxonomySection<WcTag>
      lang={lang}
      config={{
        id: 'tags-title',
        title: say(intl, 'dashboard.tags.listTitle'),
        queryKey: taxonomyKeys.tags,
        load: loadTags,
        collection: TAGS,
        searchIn: (t) => [t.slug],
        columns: namedColumns<WcTag>(intl, lang, (t) => t.count),
        empty: say(intl, 'dashboard.tags.empty'),
        add: { label: say(intl, 'dashboard.tags.add') },
        editor: slugEditor<WcTag>(intl, (tag) => say(intl, tag ? 'dashboard.tags.edit' : 'dashboard.tags.add')),
        remove: { titleId: 'dashboard.tags.deleteTitle', bodyId: 'dashboard.tags.deleteBody', doneId: 'dashboard.catalog.deletedNamed' },
      }}
    />
  );
}

/** The 14 allergens: names and icons change, none is added or deleted. */
function Allergens({ lang, search }: SectionProps) {
  const intl = useIntl();
  const collection = `${WC}/products/allergens`;
  return (
    <TaxonomySection<WcAllergen>
      lang={lang}
      search={search}
      config={{
        id: 'allergens-title',
        title: say(intl, 'dashboard.allergens.listTitle'),
        queryKey: taxonomyKeys.allergens,
        load: (signal) => wc<WcAllergen[]>('GET', collection, undefined, signal),
        collection,
        searchIn: (a) => [a.code],
        columns: [
          { id: 'icon', header: say(intl, 'dashboard.allergens.icon'), cell: (a) => <img src={a.icon} alt="" width={28} height={28} /> },
          { id: 'name', header: say(intl, 'dashboard.catalog.nameNl'), rowHeader: true, cell: (a) => a.name, sortValue: (a) => a.name },
          { id: 'fr', header: say(intl, 'dashboard.catalog.nameFr'), cell: (a) => a.translations.fr },
          { id: 'en', header: say(intl, 'dashboard.catalog.nameEn'), cell: (a) => a.translations.en },
        ],
        empty: say(intl, 'dashboard.catalog.noMatch'),
        editor: {
          title: (a) => say(intl, 'dashboard.allergens.edit', { name: a ? nameIn(lang, a) : '' }),
          extraLabel: say(intl, 'dashboard.allergens.icon'),
          extraHint: say(intl, 'dashboard.allergens.iconHint'),
          extraRequired: true,
          extraOf: (a) => a.icon,
          extraBody: (icon) => ({ icon }),
        },
      }}
    />
  );
}

/** One attribute's terms, below the attributes when its "Terms" button is pressed. */
function Terms({ attribute, lang, search }: SectionProps & { attribute: WcAttribute }) {
  const intl = useIntl();
  const collection = `${WC}/products/attributes/${attribute.id}/terms`;
  const title = say(intl, 'dashboard.attributes.termsOf', { name: nameIn(lang, attribute) });
  return (
    <TaxonomySection<WcTerm>
      lang={lang}
      search={search}
      config={{
        title,
        queryKey: taxonomyKeys.terms(attribute.id),
        load: (signal) => allPages<WcTerm>(collection, signal),
        collection,
        searchIn: (t) => [t.slug],
        columns: namedColumns<WcTerm>(intl, lang, (t) => t.count),
        empty: say(intl, 'dashboard.attributes.noTerms'),
        add: { label: say(intl, 'dashboard.attributes.addTerm'), size: 'sm' },
        editor: slugEditor<WcTerm>(intl, (term) => say(intl, term ? 'dashboard.attributes.editTerm' : 'dashboard.attributes.addTerm')),
        remove: {
          titleId: 'dashboard.attributes.deleteTermTitle',
          bodyId: 'dashboard.attributes.deleteTermBody',
          doneId: 'dashboard.catalog.deletedNamed',
        },
      }}
    />
  );
}

/** Global attributes; the one chosen shows its terms and stays listed whatever the search. */
function Attributes({ lang, search }: SectionProps) {
  const intl = useIntl();
  const [selected, setSelected] = useState<number | null>(null);
  const collection = `${WC}/products/attributes`;
  return (
    <TaxonomySection<WcAttribute>
      lang={lang}
      search={search}
      config={{
        id: 'attributes-title',
        title: say(intl, 'dashboard.attributes.listTitle'),
        queryKey: taxonomyKeys.attributes,
        load: (signal) => wc<WcAttribute[]>('GET', collection, undefined, signal),
        collection,
        searchIn: (a) => [a.slug],
        keep: (a) => a.id === selected,
        columns: namedColumns<WcAttribute>(intl, lang),
        empty: say(intl, 'dashboard.attributes.empty'),
        add: { label: say(intl, 'dashboard.attributes.add') },
        editor: slugEditor<WcAttribute>(
          intl,
          (attribute) => say(intl, attribute ? 'dashboard.attributes.edit' : 'dashboard.attributes.add'),
          'dashboard.attributes.slugHint',
        ),
        remove: {
          titleId: 'dashboard.attributes.deleteTitle',
          bodyId: 'dashboard.attributes.deleteBody',
          doneId: 'dashboard.catalog.deletedNamed',
          done: (a) => {
            if (selected === a.id) setSelected(null);
          },
        },
        actions: (a) => (
          <Button variant={selected === a.id ? 'primary' : 'secondary'} size="sm" aria-pressed={selected === a.id} onClick={() => setSelected(a.id)}>
            {say(intl, 'dashboard.attributes.terms')}
          </Button>
        ),
        below: (attributes) => {
          const chosen = attributes.find((a) => a.id === selected);
          return chosen ? <Terms attribute={chosen} lang={lang} search={search} /> : null;
        },
      }}
    />
  );
}

/** The three taxonomy screens: their title, their sections and whether those share one search field. */
export const TAXONOMY_PAGES = {
  /** /dashboard/catalog/categories: list, search, add, edit, reorder (buttons or drag), delete. */
  categories: { titleId: 'dashboard.categories.title', sharedSearch: false, sections: [Categories] },
  /** /dashboard/catalog/tags: product tags with names in three languages. */
  tags: { titleId: 'dashboard.tags.title', sharedSearch: false, sections: [Tags] },
  /** /dashboard/catalog/allergens: allergen names and icons, global attributes and their terms. */
  allergens: { titleId: 'dashboard.allergens.title', sharedSearch: true, sections: [Allergens, Attributes] },
} satisfies Record<string, { titleId: string; sharedSearch: boolean; sections: ComponentType<SectionProps>[] }>;

export type TaxonomyPageName = keyof typeof TAXONOMY_PAGES;
