/** Highlights code blocks inside a rendered element; the highlighter loads only when there is code. */
export async function highlightCodeBlocks(root: HTMLElement): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('pre code')].filter((b) => !b.dataset.highlighted);
  if (blocks.length === 0) return;
  const { hljs } = await import('./highlighter.ts');
  for (const block of blocks) {
    if (!block.isConnected) continue;
    const lang = /language-([\w+-]+)/.exec(block.className)?.[1];
    // Unknown languages stay plain rather than being guessed wrongly (and loudly) by auto-detection.
    if (lang && !hljs.getLanguage(lang)) continue;
    hljs.highlightElement(block);
  }
}
