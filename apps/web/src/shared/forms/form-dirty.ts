import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';

/** A value as the dirty check compares it: empty ('' , null, undefined, [], {}) is absent, keys sorted, dates as text. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    // Absent items stay in place (as null), so a cleared row still counts.
    const items = value.map((item) => comparable(item) ?? null);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const json = (value as { toJSON?: () => unknown }).toJSON;
    // Dates and dayjs values compare by their text.
    if (typeof json === 'function') return comparable(json.call(value));
    const entries = Object.keys(value)
      .sort()
      .flatMap((key) => {
        const item = comparable((value as Record<string, unknown>)[key]);
        return item === undefined ? [] : [[key, item] as const];
      });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

/** The form's values as one string, equal for values the user would call the same. */
export function formSnapshot(values: unknown): string {
  return JSON.stringify(comparable(values) ?? {});
}

export interface FormDirtyOptions {
  /** The values the Form starts with (its `initialValues`): the clean state until `markClean`. */
  initialValues?: object;
  /** False while the drawer or modal holding the form is closed: nothing is dirty then, and each opening starts clean. */
  isOpen?: boolean;
}

export interface FormDirty {
  /** The user changed a value and the form's values differ from the clean state. */
  isDirty: boolean;
  /** For the Form's `onValuesChange` (antd calls it for the user's edits only, not for `setFieldsValue`). */
  onValuesChange: () => void;
  /** The form's current values become the clean state: after loading values into it, or after a save. */
  markClean: () => void;
}

/**
 * Whether an antd form has unsaved changes (issue 17), for `useUnsavedChanges`. The clean state is
 * the form's initial values, or its values when `markClean` was last called; the form is dirty once
 * the user has edited it and its values differ from that state, so a value changed back is clean
 * again. Empty values ('' , null, none) count as the same. Values set from code after the user's last
 * edit are not looked at until the next edit.
 */
export function useFormDirty(form: FormInstance, { initialValues, isOpen = true }: FormDirtyOptions = {}): FormDirty {
  // The values after the user's last edit, and the clean state `markClean` took (null: the initial values).
  const [edited, setEdited] = useState<string | null>(null);
  const [clean, setClean] = useState<string | null>(null);
  if (!isOpen && (edited !== null || clean !== null)) {
    setEdited(null);
    setClean(null);
  }
  const isDirty = isOpen && edited !== null && edited !== (clean ?? formSnapshot(initialValues));

  const onValuesChange = useCallback(() => setEdited(formSnapshot(form.getFieldsValue(true))), [form]);
  const markClean = useCallback(() => {
    setClean(formSnapshot(form.getFieldsValue(true)));
    setEdited(null);
  }, [form]);

  return { isDirty, onValuesChange, markClean };
}
