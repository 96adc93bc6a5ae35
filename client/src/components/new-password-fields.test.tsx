import { fireEvent, render, screen } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { type NewPasswordFieldName, NewPasswordFields } from './new-password-fields.tsx';

describe('NewPasswordFields', () => {
  it('asks a new password and its confirmation, each for a password manager to make and keep', () => {
    const changes: [NewPasswordFieldName, string][] = [];
    const onChange = (name: NewPasswordFieldName) => (event: ChangeEvent<HTMLInputElement>) =>
      changes.push([name, event.target.value]);
    render(
      <NewPasswordFields
        passwordLabel="New password"
        values={{ password: 'first', confirmPassword: 'second' }}
        onChange={onChange}
      />,
    );
    const password = screen.getByLabelText<HTMLInputElement>('New password');
    const confirmation = screen.getByLabelText<HTMLInputElement>('Confirm password');
    expect([password.name, password.type, password.autocomplete, password.value]).toEqual([
      'password',
      'password',
      'new-password',
      'first',
    ]);
    expect([
      confirmation.name,
      confirmation.type,
      confirmation.autocomplete,
      confirmation.value,
    ]).toEqual(['confirmPassword', 'password', 'new-password', 'second']);
    fireEvent.change(password, { target: { value: 'hunter22' } });
    fireEvent.change(confirmation, { target: { value: 'hunter23' } });
    expect(changes).toEqual([
      ['password', 'hunter22'],
      ['confirmPassword', 'hunter23'],
    ]);
  });
});
