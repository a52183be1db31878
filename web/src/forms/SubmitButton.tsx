import { useIntl } from 'react-intl';
import { Button, type ButtonProps } from '../ui';

/**
 * A form's submit button: disabled and showing the busy text (default "Saving…") while the form submits,
 * so a second click cannot send it twice.
 */
export function SubmitButton({ submitting, busyLabel, children, ...rest }: ButtonProps & { submitting: boolean; busyLabel?: string }) {
  const intl = useIntl();
  return (
    <Button type="submit" variant="primary" busy={submitting} {...rest}>
      {submitting ? (busyLabel ?? intl.formatMessage({ id: 'form.busy' })) : children}
    </Button>
  );
}
