/** The explorer's selection: click, shift-click ranges from the last click, select all; reset per folder. */
import { useEffect, useState } from 'react';
import { selectWithClick } from './explorerModel.ts';

export function useSelection(order: readonly string[], folder: string) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new folder starts with nothing selected.
  useEffect(() => {
    setSelected(new Set());
    setAnchor(null);
  }, [folder]);
  return {
    selected,
    allSelected: order.length > 0 && order.every((n) => selected.has(n)),
    toggle(name: string, shift: boolean) {
      setSelected((s) => selectWithClick(order, s, anchor, name, shift));
      setAnchor(name);
    },
    selectAll: () => setSelected(new Set(order)),
    clear: () => setSelected(new Set()),
  };
}
