import type { KitchenOrder } from '@bakje/contract';
import { useIntl } from 'react-intl';

/**
 * An order's lines as the kitchen reads them: quantity, name, the age limit to check at handover
 * (docs/decisions/0071-age-restricted-products-staff-language.md) and the chosen add-ons. The expeditor's card
 * shows all of them, a station's card only its own (docs/decisions/0069-kitchen-stations.md).
 */
export function OrderLines({ lines, lineTestId }: { lines: KitchenOrder['lines']; lineTestId?: string }) {
  const intl = useIntl();
  return (
    <ul className="kcard__lines" aria-label={intl.formatMessage({ id: 'kitchen.card.items' })}>
      {lines.map((line, index) => (
        <li key={index} data-testid={lineTestId}>
          <span className="kcard__qty">{line.quantity} ×</span> {line.name}
          {line.ageLimit ? <span className="kcard__age-limit"> ({intl.formatMessage({ id: 'kitchen.card.ageLimit' }, { age: line.ageLimit })})</span> : null}
          {line.ownContainer ? (
            <span className="kcard__own-container" data-testid="kcard-own-container">
              {' '}
              ({intl.formatMessage({ id: 'kitchen.card.ownContainer' })})
            </span>
          ) : null}
          {line.addons.length ? (
            <ul className="kcard__addons">
              {line.addons.map((addon, i) => (
                <li key={i}>
                  {addon.name}: {addon.value}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
