import { Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';

/**
 * The number input of spec 000 section 5, for every numeric field: digits only, no more digits than
 * the largest value has, and a value outside the field's limits (from the contract) is cleared,
 * never clamped. A cleared value is NaN, so `numberRule` says the range as the field's one message
 * and the form cannot be sent until the field holds a value in range (or is left empty when optional).
 */
export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'maxLength' | 'min' | 'max'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  min: number;
  max: number;
}

/** The digits a value shows: nothing for an empty or a cleared (NaN) value. */
const textOf = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? '' : String(value));

export function NumberInput({ value, onChange, min, max, onBlur, onFocus, ...rest }: NumberInputProps) {
  // What the user is typing; null while the field shows the form's value (reset, initial values).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? textOf(value);

  const clear = () => {
    setDraft('');
    onChange?.(Number.NaN);
  };

  return (
    <Input
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      maxLength={String(max).length}
      onFocus={(event) => {
        setDraft(textOf(value));
        onFocus?.(event);
      }}
      onChange={(event) => {
        const typed = event.target.value;
        if (!/^\d*$/.test(typed)) return clear();
        setDraft(typed);
        onChange?.(typed === '' ? null : Number(typed));
      }}
      onBlur={(event) => {
        if (text !== '' && (Number(text) < min || Number(text) > max)) onChange?.(Number.NaN);
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
}

/**
 * The rule of a number field: a value in [min, max], a whole number; empty passes (add `required`
 * for a field that needs a value). Its message says the range, in the reader's language.
 */
export function numberRule(t: TFunction, { min, max }: { min: number; max: number }): Rule {
  return {
    validator: (_rule, value: unknown) =>
      value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
        ? Promise.resolve()
        : Promise.reject(new Error(t('common.number.range', { min, max }))),
  };
}
