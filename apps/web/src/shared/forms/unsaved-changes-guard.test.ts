import { describe, expect, it } from 'vitest';

/**
 * Forms that edit nothing a user could lose by leaving, by file under `modules/` or by
 * `file#Component`, each with the reason. Every other editing form asks before its changes go.
 */
const NOT_EDITING: Record<string, string> = {
  'auth/components/change-default-password-form.tsx': 'the password change forced at sign-in, before the console opens',
  'auth/pages/login-sso-page.tsx': 'SSO sign-in: one e-mail address, sent on to the provider',
  'operator/pages/operator-login-page.tsx': "the operators' sign-in: a public page outside the console",
  'directory/pages/activate-page.tsx': 'account activation: a public page outside the console',
  'registration/pages/register-page.tsx': 'registration: a public page outside the console',
  'registration/pages/register-code-page.tsx': 'registration: a public page outside the console',
  'registration/pages/register-type-page.tsx': 'registration: a public page outside the console',
  'registration/pages/register-password-page.tsx': 'registration: a public page outside the console',
  'registration/pages/create-company-page.tsx': 'registration: a public page outside the console',
  'registration/pages/reset-page.tsx': 'password reset: a public page outside the console',
  'registration/pages/retrieve-page.tsx': 'password retrieval: a public page outside the console',
  'visitor/components/visit-pass-confirm.tsx': "the visitor's pass: a public page outside the console",
  'visitor/components/walk-in-form.tsx': "a walk-in's registration: the kiosk's and the public walk-in page's, outside the console (the kiosk clears it when idle)",
  'visitor/components/visit-steps/visit-nda-form.tsx': "a visitor signing the agreement: on their pass and at the kiosk, outside the console (one name typed)",
  'door-display/components/device-modals.tsx#CancelDisplaysModal': 'a confirmation dialog: the safety password is asked for this one action',
  'smart-device/components/smart-device-modals.tsx#RestartModal': 'a confirmation dialog: the safety password is asked for this one restart',
};

/** An antd `<Form>` element: its opening tag and the component it is in. */
interface FormTag {
  component: string;
  tag: string;
}

/** The opening tag starting at `start` (`<Form…>`), skipping a type argument and `>` inside braces or arrows. */
function openingTag(source: string, start: number): string {
  let at = start + '<Form'.length;
  if (source[at] === '<') at = source.indexOf('>', at) + 1;
  let depth = 0;
  for (; at < source.length; at++) {
    const char = source[at];
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === '>' && depth === 0 && source[at - 1] !== '=') return source.slice(start, at + 1);
  }
  return source.slice(start);
}

/** Every antd `<Form>` element of a source file (not `Form.Item` and the like). */
function formTags(source: string): FormTag[] {
  return [...source.matchAll(/<Form(?=[\s<>])/g)].map((match) => {
    const before = source.slice(0, match.index);
    const component = [...before.matchAll(/function (\w+)\(/g)].at(-1)?.[1] ?? '';
    return { component, tag: openingTag(source, match.index) };
  });
}

/** A form that holds values the user types: it is submitted, or has a form instance. */
const isEditingForm = ({ tag }: FormTag) => /\bonFinish=|\bform=\{/.test(tag);

/**
 * What is wrong with the editing forms of one file (`path` under `modules/`): each must report the
 * user's edits (`onValuesChange`, from `useFormDirty`), and the file must ask through
 * `useUnsavedChanges`; a drawer or modal holding any form counts as editing.
 */
function unguardedForms(path: string, source: string, notEditing: Record<string, string> = NOT_EDITING): string[] {
  if (path in notEditing) return [];
  const tags = formTags(source).filter(({ component }) => !(`${path}#${component}` in notEditing));
  const editing = tags.filter(isEditingForm);
  const holdsForm = /<(Drawer|Modal)[\s>]/.test(source) && tags.length > 0;
  const problems = editing.filter(({ tag }) => !/\bonValuesChange=/.test(tag)).map(({ component }) => `${path}#${component}: the form does not report edits (onValuesChange)`);
  if ((editing.length > 0 || holdsForm) && !/\buseUnsavedChanges\(/.test(source)) problems.push(`${path}: edits a form but does not use useUnsavedChanges`);
  return problems;
}

const sources = import.meta.glob<string>(['../../modules/**/*.tsx', '!../../modules/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });
const modules = Object.fromEntries(Object.entries(sources).map(([path, source]) => [path.replace('../../modules/', ''), source]));

describe('unsaved-changes guard', () => {
  it('finds a drawer whose form does not ask, and a form that does not report edits', () => {
    const drawer = `
      function EditDrawer() {
        const [form] = Form.useForm<Values>();
        return <Drawer open onClose={onClose}><Form<Values> form={form} onFinish={(values) => save(values)}><Input /></Form></Drawer>;
      }`;
    expect(unguardedForms('x/edit-drawer.tsx', drawer, {})).toEqual([
      'x/edit-drawer.tsx#EditDrawer: the form does not report edits (onValuesChange)',
      'x/edit-drawer.tsx: edits a form but does not use useUnsavedChanges',
    ]);
    const guarded = drawer.replace('onFinish=', 'onValuesChange={dirty.onValuesChange} onFinish=').replace('return', 'useUnsavedChanges(dirty.isDirty); return');
    expect(unguardedForms('x/edit-drawer.tsx', guarded, {})).toEqual([]);
    // A layout-only form in a modal (controlled inputs) still needs the question.
    expect(unguardedForms('x/modal.tsx', 'function M() { return <Modal open><Form layout="vertical"><Input value={v} /></Form></Modal>; }', {})).toEqual([
      'x/modal.tsx: edits a form but does not use useUnsavedChanges',
    ]);
    // A filter bar's form on a page edits nothing.
    expect(unguardedForms('x/page.tsx', 'function P() { return <Form layout="inline"><Input /></Form>; }', {})).toEqual([]);
    expect(unguardedForms('x/page.tsx', drawer, { 'x/page.tsx': 'a reason' })).toEqual([]);
  });

  it('every editing form under modules/ asks before its changes go, or is allowed with a reason', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    expect(Object.entries(modules).flatMap(([path, source]) => unguardedForms(path, source))).toEqual([]);
  });

  it('allows only forms that exist, each with a reason', () => {
    for (const [entry, reason] of Object.entries(NOT_EDITING)) {
      const [path, component] = entry.split('#') as [string, string | undefined];
      expect(reason.trim(), entry).not.toBe('');
      const tags = formTags(modules[path] ?? '');
      expect(tags.filter((tag) => !component || tag.component === component).length, entry).toBeGreaterThan(0);
    }
  });
});
