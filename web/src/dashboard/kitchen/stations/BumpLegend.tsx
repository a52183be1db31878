import { useIntl } from 'react-intl';
import './stations.css';

/** The bump bar's keys, on the screen they work on (docs/decisions/0069-kitchen-stations.md). */
export function BumpLegend({ bump }: { bump: 'kitchen.keys.ready' | 'kitchen.keys.bump' }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <dl className="bump-legend" aria-label={t('kitchen.keys.label')} data-testid="bump-legend">
      <div>
        <dt>
          <kbd>1</kbd>–<kbd>9</kbd>
        </dt>
        <dd>{t('kitchen.keys.select')}</dd>
      </div>
      <div>
        <dt>
          <kbd>Enter</kbd>
        </dt>
        <dd>{t(bump)}</dd>
      </div>
      <div>
        <dt>
          <kbd>⌫</kbd> / <kbd>0</kbd>
        </dt>
        <dd>{t('kitchen.keys.recall')}</dd>
      </div>
    </dl>
  );
}
