import { useState, type ChangeEvent, type ReactNode } from 'react';
import { fieldErrors } from '../lib/api';
import { characterLimit } from './CharacterCount';

type Text = Record<string, string>;
type InputElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface InputProps {
  value: string;
  onChange: (e: ChangeEvent<InputElement>) => void;
  error: string | undefined;
  /** With a limit: the input takes at most this many characters ... */
  maxLength?: number;
  /** ... and shows its character count under it (CharacterCount). */
  inputContainer?: (input: ReactNode) => ReactNode;
}

/** A Mantine input's props for a text `value`: its change handler, error and, with `maxLength`, the limit and its counter (characterLimit). */
export function inputProps(value: string, change: (value: string) => void, error: string | undefined, maxLength?: number): InputProps {
  return {
    value,
    onChange: (e: ChangeEvent<InputElement>) => change(e.currentTarget.value),
    error,
    ...(maxLength === undefined ? {} : characterLimit(value, maxLength)),
  };
}

/**
 * What a group of inputs needs of a form's fields (F, or any form with more fields than F): the
 * values, a change, and each input's props.
 */
export interface FieldBinding<F extends Text> {
  values: F;
  change: (field: keyof F, value: string) => void;
  input: (field: keyof F, maxLength?: number) => InputProps;
}

/**
 * A form's text fields and their errors: `input(name)` gives a Mantine input its value, change
 * handler and error; changing a field clears its error. `input(name, max)` also bounds a text
 * input to the server's limit of `max` characters, with a counter (characterLimit).
 */
export function useFields<F extends Text>(initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, string>>>({});
  const change = (field: keyof F, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const input = (field: keyof F, maxLength?: number) => inputProps(values[field], (value) => change(field, value), errors[field], maxLength);
  /** Shows `found` under the fields; true when there is nothing to show. */
  const accept = (found: Partial<Record<keyof F, string>>) => {
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  /** Puts the messages of a 422's field map under the inputs it names that this form has. */
  const showRefusal = (error: unknown) => {
    const named = Object.entries(fieldErrors(error)).filter(([field]) => field in values);
    if (named.length) setErrors((e) => ({ ...e, ...Object.fromEntries(named) }));
  };
  return { values, setValues, errors, change, input, accept, showRefusal };
}
