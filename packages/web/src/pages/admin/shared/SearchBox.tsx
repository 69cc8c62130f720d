import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

const PAUSE_MS = 300;

/** A search field that reports its value once typing pauses (and at once on Enter). */
export function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch(q: string): void;
  placeholder: string;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const report = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() !== value) onSearch(q.trim());
  };
  return (
    <input
      type="search"
      className="search"
      name="search"
      aria-label={t`Search`}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        const q = e.target.value;
        setText(q);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => report(q), PAUSE_MS);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report(text);
      }}
    />
  );
}
