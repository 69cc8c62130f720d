/** Saves a Blob or data URL under a file name. */
export function downloadFile(data: Blob | string, filename: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from the first words of a text: safe on every file system. */
export function fileStem(text: string, fallback = 'clip'): string {
  const firstLine = text.split('\n').find((l) => l.trim()) ?? '';
  const stem = firstLine
    .replace(/^#+\s*/, '')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 32)
    .join('')
    .trim()
    .slice(0, 60)
    .trim();
  return stem || fallback;
}
