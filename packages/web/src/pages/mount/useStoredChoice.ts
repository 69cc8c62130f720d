/** A choice remembered in localStorage (the explorer's view, whether the task manager is open). */
import { useState } from 'react';

export function useStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T) {
  const [value, setValue] = useState<T>(() => {
    const saved = localStorage.getItem(key) as T | null;
    return saved && choices.includes(saved) ? saved : fallback;
  });
  const choose = (next: T) => {
    setValue(next);
    localStorage.setItem(key, next);
  };
  return [value, choose] as const;
}
