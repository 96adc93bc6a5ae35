import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './form-field.module.css';

export type FormFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type' | 'aria-describedby'
> & {
  /** The visible label: also what a screen reader says for the input. */
  label: string;
  /** What the field takes, under the input; the input is described by it. */
  hint?: ReactNode;
  name: string;
  type?: 'text' | 'email' | 'password';
  /** Required: the browser and password managers fill the account forms by it. */
  autoComplete: string;
};

/**
 * A labelled input of the account forms (log in, register, finalize, password reset), with its
 * hint when it has one. Every other attribute (value, onChange, spellCheck, …) goes to the input.
 */
export function FormField({ label, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        {...input}
        aria-describedby={hint === undefined ? undefined : hintId}
      />
      {hint !== undefined && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
