import type { FormInstance } from 'antd';
import { useCallback, useState, useSyncExternalStore } from 'react';

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
  const [edits] = useState(createEditStore);
  // The clean state `markClean` took (null: the initial values), and which opening of the form this is (the edits
  // of an earlier one do not count).
  const [clean, setClean] = useState<string | null>(null);
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (!isOpen) {
      setOpening(opening + 1);
      setClean(null);
    }
  }
  const baseline = clean ?? formSnapshot(initialValues);
  // Read through the store: a keystroke re-renders the form only when it makes the form dirty or clean again, not
  // every time (a whole settings card rendered again per character typed).
  const isDirty = useSyncExternalStore(edits.subscribe, () => {
    const last = edits.last();
    return isOpen && last !== null && last.opening === opening && last.snapshot !== baseline;
  });

  const onValuesChange = useCallback(() => edits.set({ snapshot: formSnapshot(form.getFieldsValue(true)), opening }), [edits, form, opening]);
  const markClean = useCallback(() => {
    setClean(formSnapshot(form.getFieldsValue(true)));
    edits.set(null);
  }, [edits, form]);

  return { isDirty, onValuesChange, markClean };
}

/** The form's values after the user's last edit, and in which opening of the form it was made. */
interface Edited {
  snapshot: string;
  opening: number;
}

/** Where a form's last edit is kept, outside React's state: a store the hook reads with useSyncExternalStore. */
function createEditStore() {
  let last: Edited | null = null;
  const listeners = new Set<() => void>();
  return {
    last: () => last,
    set(next: Edited | null) {
      last = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
