import type { ButtonHTMLAttributes } from 'react';

export type BusyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy'> & {
  /** The button's request is on its way (useSingleFlight's `busy`). */
  busy: boolean;
};

/**
 * A button whose action may be on its way. While `busy` (or `aria-disabled`) it says so
 * (aria-busy while busy; aria-disabled, which keeps it focusable, where `disabled` would throw the
 * focus to the page) and a click does nothing: a submit button then does not submit its form,
 * nor does Enter in one of the form's fields. Pair it with useSingleFlight, whose gate refuses a
 * repeat even before this renders.
 */
export function BusyButton({
  busy,
  onClick,
  type = 'button',
  'aria-disabled': ariaDisabled,
  ...rest
}: BusyButtonProps) {
  const inactive = busy || ariaDisabled === true || ariaDisabled === 'true';
  return (
    <button
      {...rest}
      type={type}
      aria-busy={busy || undefined}
      aria-disabled={inactive || undefined}
      onClick={(event) => {
        if (inactive) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
