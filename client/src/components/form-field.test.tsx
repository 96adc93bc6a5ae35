import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from './form-field.tsx';

describe('FormField', () => {
  it('is an input named by its visible label, its attributes passed on', () => {
    const onChange = vi.fn();
    render(
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value=""
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('name')).toBe('password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(input, { target: { value: 'secret' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('is described by its hint when it has one', () => {
    render(
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        hint="3 to 14 letters."
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      '3 to 14 letters.',
    );
  });
});
