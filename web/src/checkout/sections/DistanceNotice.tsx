import { useIntl } from 'react-intl';
import { Notice } from '../../ui';
import type { DistanceResult } from '../checkoutApi';

/** The delivery check's answer; within range, the customer confirms the address. */
export function DistanceNotice({
  result,
  confirmed,
  onConfirm,
  address,
}: {
  result: DistanceResult;
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
  address: string;
}) {
  const intl = useIntl();
  if (result.kind === 'incomplete') {
    return (
      <Notice tone="error" role="alert">
        <strong>{intl.formatMessage({ id: 'delivery.incompleteTitle' })}</strong>{' '}
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.incomplete' })}</span>
      </Notice>
    );
  }
  if (result.kind === 'failed') {
    return (
      <Notice tone="error" role="alert">
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.failed' })}</span>
      </Notice>
    );
  }
  if (result.kind === 'tooFar') {
    return (
      <Notice tone="error" role="alert">
        <span data-testid="delivery-message">
          {intl.formatMessage({ id: 'delivery.tooFar' }, { distance: result.distance ?? 0, maximum: result.maximum ?? 0 })}
        </span>
      </Notice>
    );
  }
  return (
    <div className="delivery-ok">
      <Notice tone="success">
        <span data-testid="delivery-message">{intl.formatMessage({ id: 'delivery.withinRange' }, { distance: result.distance ?? 0 })}</span>
      </Notice>
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} data-testid="confirm-address" id="confirm-address" />
        <span>{intl.formatMessage({ id: 'delivery.confirm' }, { address })}</span>
      </label>
    </div>
  );
}
