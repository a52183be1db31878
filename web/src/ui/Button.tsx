import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'chip';
export type ButtonSize = 'sm' | 'md' | 'lg';

function classes(variant: ButtonVariant, size: ButtonSize, block: boolean | undefined, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: ReactNode;
  busy?: boolean;
}

/** The one button of the app. Icon-only buttons must pass aria-label. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, icon, busy, className, children, type = 'button', disabled, ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={classes(variant, size, block, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      <ButtonContent icon={icon}>{children}</ButtonContent>
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: ReactNode;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', block, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={classes(variant, size, block, className)} {...rest}>
      <ButtonContent icon={icon}>{children}</ButtonContent>
    </Link>
  );
}

/** An outside link styled as a button. */
export function ButtonAnchor({
  variant = 'primary',
  size = 'md',
  block,
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean }) {
  return <a className={classes(variant, size, block, className)} {...rest} />;
}

/** A button's optional leading icon (decorative) and its label. */
function ButtonContent({ icon, children }: { icon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {icon ? (
        <span className="btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </>
  );
}
