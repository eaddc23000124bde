/**
 * No browser-native validation bubbles (issue 17): they speak the browser's language, not the one
 * chosen, and say what the product's own messages say again. The moment anyone reaches into a form
 * (focus, pointer, key, click: each comes before the browser would validate on submit), the form
 * stops validating natively, so only its own rules (antd Form.Item rules, the contract's) answer.
 */
const TRIGGERS = ['focusin', 'pointerdown', 'keydown', 'click'] as const;

export function disableNativeValidation(root: Document = document): () => void {
  const off = (event: Event) => {
    const target = event.target;
    const form = target instanceof Element ? target.closest('form') : null;
    if (form && !form.noValidate) form.noValidate = true;
  };
  for (const type of TRIGGERS) root.addEventListener(type, off, true);
  return () => {
    for (const type of TRIGGERS) root.removeEventListener(type, off, true);
  };
}
