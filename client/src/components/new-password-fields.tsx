import type { ChangeEvent } from 'react';
import { FormField } from './form-field.tsx';

/** The two fields, by their input names. */
export type NewPasswordFieldName = 'password' | 'confirmPassword';

/**
 * A new password and its confirmation, as the forms that set one ask them (register, password
 * reset): both marked `new-password`, so that a password manager offers to make one and then
 * saves it. The form compares the two itself, before its other checks.
 */
export function NewPasswordFields({
  passwordLabel,
  values,
  onChange,
}: {
  /** 'Password' on registration, 'New password' on a reset. */
  passwordLabel: string;
  values: Readonly<Record<NewPasswordFieldName, string>>;
  onChange: (name: NewPasswordFieldName) => (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <FormField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={onChange('password')}
      />
      <FormField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
      />
    </>
  );
}
