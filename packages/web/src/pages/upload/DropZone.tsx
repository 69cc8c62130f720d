import { useLingui } from '@lingui/react/macro';
import { type DragEvent, useEffect, useRef, useState } from 'react';

/** Drag and drop, a file picker, and paste from the clipboard: every way files reach the page. */
export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;

  useEffect(() => {
    if (disabled) return;
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      onFilesRef.current(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [disabled]);

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer gesture; keyboards use the button inside
    <div
      className={`drop-zone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="drop-title">{t`Drop files here`}</p>
      <p className="muted">{t`or paste them from the clipboard, or`}</p>
      <button type="button" className="button" disabled={disabled} onClick={() => input.current?.click()}>
        {t`Choose files`}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t`Choose files`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
