/**
 * Ink's useInput, one key at a time. Key repeat and SSH deliver several keys in one read: Ink passes
 * plain text such as "jj" or "j\r" as a single input, and fires the keys of one read back to back before
 * React renders, so a handler that reads state (the cursor, the item under it) saw the old state.
 * Here every read is split into single keys; the first is handled at once, as Ink would, and each
 * later one after the render of the key before it.
 */
import { type Key, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';

export interface KeyPress {
  input: string;
  key: Key;
}

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** One key of a plain-text read, flagged the way Ink flags it when it arrives alone. */
function single(char: string): KeyPress {
  if (char === '\r' || char === '\n') return { input: '', key: { ...NO_KEY, return: true } };
  if (char === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  return { input: char, key: { ...NO_KEY, shift: /^[A-Z]$/.test(char) } };
}

/** The keys in what Ink reported: a special key or one character stays whole, plain text is split. */
export function splitKeys(input: string, key: Key): KeyPress[] {
  const chars = [...input];
  const plainText = chars.length > 1 && !key.ctrl && !key.meta;
  return plainText ? chars.map(single) : [{ input, key }];
}

export function useKeys(
  handler: (input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const queue = useRef<KeyPress[]>([]);
  // A key was handled and the render showing its effect has not run yet: later keys wait for it.
  const waiting = useRef(false);
  const [handled, setHandled] = useState(0);
  useInput((input, key) => {
    const keys = splitKeys(input, key);
    const first = waiting.current ? undefined : keys.shift();
    queue.current.push(...keys);
    if (first) {
      waiting.current = true;
      handler(first.input, first.key);
    }
    setHandled((n) => n + 1);
  }, options);
  // After each render: the next waiting key, if any, sees the state the one before it left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per handled key, with this render's handler
  useEffect(() => {
    waiting.current = false;
    if (options.isActive === false) queue.current = [];
    const next = queue.current.shift();
    if (!next) return;
    waiting.current = true;
    handler(next.input, next.key);
    setHandled((n) => n + 1);
  }, [handled]);
}
