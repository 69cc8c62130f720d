import { useLingui } from '@lingui/react/macro';
import { type DragEvent, useRef, useState } from 'react';
import { droppedFiles } from '../mount/dropFiles.ts';

export interface PickedFile {
  file: File;
  dir: string;
}

/** Drag and drop of files and whole folders, and pickers for both: every way files reach a request. */
export function RequestDropZone({
  onFiles,
  disabled,
}: {
  onFiles: (files: PickedFile[]) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = async (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = await droppedFiles(e.dataTransfer);
    if (files.length) onFiles(files);
  };
  const picked = (list: FileList | null, fromFolder: boolean) => {
    const files = [...(list ?? [])].map((file) => {
      const relative = fromFolder ? file.webkitRelativePath : '';
      return { file, dir: relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '' };
    });
    if (files.length) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer gesture; keyboards use the buttons inside
    <div
      className={`drop-zone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
      data-testid="request-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void drop(e)}
    >
      <p className="drop-title">{t`Drop files or folders here`}</p>
      <p className="muted">{t`or`}</p>
      <div className="actions centered">
        <button
          type="button"
          className="button primary"
          disabled={disabled}
          onClick={() => filesInput.current?.click()}
        >
          {t`Choose files`}
        </button>
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => folderInput.current?.click()}
        >
          {t`Choose a folder`}
        </button>
      </div>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        aria-label={t`Choose files`}
        onChange={(e) => {
          picked(e.target.files, false);
          e.target.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        aria-label={t`Choose a folder`}
        // React knows no `webkitdirectory`; the attribute goes on as is.
        {...{ webkitdirectory: '' }}
        onChange={(e) => {
          picked(e.target.files, true);
          e.target.value = '';
        }}
      />
    </div>
  );
}
