import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDoubleKeyDetector, isTypingTarget, useDoubleKeyPress } from './search-hotkey';

const press = (target: EventTarget, key = 's', extra: Partial<KeyboardEvent> = {}) =>
  ({ key, target, ctrlKey: false, metaKey: false, altKey: false, repeat: false, ...extra }) as KeyboardEvent;

describe('createDoubleKeyDetector', () => {
  let time = 0;
  const detect = () => createDoubleKeyDetector('s', 500, () => time);

  it('fires on the second press within the window, not on the first', () => {
    const onKey = detect();
    time = 1000;
    expect(onKey(press(document.body))).toBe(false);
    time = 1300;
    expect(onKey(press(document.body))).toBe(true);
  });

  it('does not fire when the presses are too far apart', () => {
    const onKey = detect();
    time = 1000;
    onKey(press(document.body));
    time = 1600;
    expect(onKey(press(document.body))).toBe(false);
    time = 1900;
    expect(onKey(press(document.body))).toBe(true);
  });

  it('starts over after firing, after another key and with modifiers', () => {
    const onKey = detect();
    time = 0;
    onKey(press(document.body));
    time = 100;
    expect(onKey(press(document.body))).toBe(true);
    time = 200;
    expect(onKey(press(document.body))).toBe(false);
    time = 250;
    onKey(press(document.body, 'x'));
    time = 300;
    expect(onKey(press(document.body))).toBe(false);
    time = 350;
    expect(onKey(press(document.body, 's', { ctrlKey: true }))).toBe(false);
  });

  it('ignores presses while typing in a field', () => {
    const input = document.createElement('input');
    const onKey = detect();
    time = 0;
    expect(onKey(press(input))).toBe(false);
    time = 100;
    expect(onKey(press(input))).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('recognises inputs, text areas and editable content', () => {
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const child = document.createElement('span');
    editable.appendChild(child);
    document.body.appendChild(editable);
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(child)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    editable.remove();
  });
});

describe('useDoubleKeyPress', () => {
  afterEach(() => vi.useRealTimers());

  it('calls back on s pressed twice and keeps the second letter from being typed', () => {
    const onTrigger = vi.fn();
    renderHook(() => useDoubleKeyPress('s', onTrigger));
    fireEvent.keyDown(document.body, { key: 's' });
    expect(onTrigger).not.toHaveBeenCalled();
    const notPrevented = fireEvent.keyDown(document.body, { key: 's' });
    expect(onTrigger).toHaveBeenCalledTimes(1);
    expect(notPrevented).toBe(false);
  });

  it('does nothing on a single press, or when typing s twice in an input', () => {
    vi.useFakeTimers();
    const onTrigger = vi.fn();
    renderHook(() => useDoubleKeyPress('s', onTrigger));
    fireEvent.keyDown(document.body, { key: 's' });
    vi.advanceTimersByTime(800);
    fireEvent.keyDown(document.body, { key: 's' });
    expect(onTrigger).not.toHaveBeenCalled();

    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 's' });
    fireEvent.keyDown(input, { key: 's' });
    expect(onTrigger).not.toHaveBeenCalled();
    input.remove();
  });

  it('stops listening when disabled', () => {
    const onTrigger = vi.fn();
    renderHook(() => useDoubleKeyPress('s', onTrigger, false));
    fireEvent.keyDown(document.body, { key: 's' });
    fireEvent.keyDown(document.body, { key: 's' });
    expect(onTrigger).not.toHaveBeenCalled();
  });
});
