import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/LocaleProvider';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { StaffGate } from '../../admin/StaffGate';
import type { Lang } from '../taxonomyApi';
import { TAXONOMY_PAGES, type TaxonomyPageName } from './taxonomies';
import { TaxonomySearch } from './TaxonomySection';
import '../catalog.css';

function TaxonomyView({ page }: { page: TaxonomyPageName }) {
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const [search, setSearch] = useState('');
  const { sharedSearch, sections } = TAXONOMY_PAGES[page];
  return (
    <>
      {sharedSearch ? <TaxonomySearch value={search} onChange={setSearch} /> : null}
      {sections.map((Section, index) => (
        <Section key={index} lang={lang} search={sharedSearch ? search : undefined} />
      ))}
    </>
  );
}

/** /dashboard/catalog/categories, /tags and /allergens (products.manage): one page, configured per taxonomy. */
export default function TaxonomyPage({ page }: { page: TaxonomyPageName }) {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.productsManage}>
      <DashboardFrame title={intl.formatMessage({ id: TAXONOMY_PAGES[page].titleId })}>
        <TaxonomyView page={page} />
      </DashboardFrame>
    </StaffGate>
  );
}
