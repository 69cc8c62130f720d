/**
 * The explorer's selection: click, shift-click ranges from the last click, select all; reset per
 * folder. What it answers is only what is on screen (a name the filter hides or a reload removed is
 * not selected), so the boxes, the highlight, the count and what a batch action touches agree.
 */
import { useEffect, useMemo, useState } from 'react';
import { selectWithClick } from './explorerModel.ts';

export function useSelection(order: readonly string[], folder: string) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new folder starts with nothing selected.
  useEffect(() => {
    setChosen(new Set());
    setAnchor(null);
  }, [folder]);
  const selected = useMemo(() => new Set(order.filter((n) => chosen.has(n))), [order, chosen]);
  return {
    selected,
    allSelected: order.length > 0 && selected.size === order.length,
    toggle(name: string, shift: boolean) {
      setChosen(selectWithClick(order, selected, anchor, name, shift));
      setAnchor(name);
    },
    selectAll: () => setChosen(new Set(order)),
    clear: () => setChosen(new Set()),
  };
}
