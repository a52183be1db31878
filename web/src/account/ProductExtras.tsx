import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button, Notice } from '../ui';
import { accountErrorText } from './errors';
import { AddWishDocument } from './account.generated';
import { useAccount, useAccountMutation } from './useAccount';
import './account.css';

/** "Add to wishlist" on the product page; guests are pointed to the login. */
export function WishlistButton({ productId }: { productId: number }) {
  const intl = useIntl();
  const account = useAccount();
  const add = useAccountMutation(AddWishDocument);
  if (!account.data?.viewer) {
    return (
      <p className="product-wishlist">
        <Link to="/login">{intl.formatMessage({ id: 'wishlist.loginFirst' })}</Link>
      </p>
    );
  }
  return (
    <div className="product-wishlist">
      <Button variant="secondary" onClick={() => add.mutate({ productId })} disabled={add.isPending || add.isSuccess}>
        {intl.formatMessage({ id: add.isSuccess ? 'wishlist.added' : 'wishlist.add' })}
      </Button>
      {add.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, add.error, 'account.error.update')}
        </Notice>
      ) : null}
    </div>
  );
}
