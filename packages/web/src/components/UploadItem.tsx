/**
 * One file in an upload list (the upload page's and an upload request's): its name and size with the
 * buttons for it, and below them its progress or outcome.
 */
import { formatBytes } from '@clip/sdk';
import type { ReactNode } from 'react';

export function UploadItem({
  file,
  name = file.name,
  status,
  actions,
  children,
}: {
  file: File;
  /** Defaults to the file's own name. */
  name?: string;
  status: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={`upload-item status-${status}`} data-status={status}>
      <div className="upload-item-head">
        <span className="upload-name" title={name}>
          {name}
        </span>
        <span className="muted">{formatBytes(file.size)}</span>
        {actions}
      </div>
      {children}
    </li>
  );
}

/** A small button for one file; `label` names the file for assistive technology. */
export function UploadItemButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="button small" onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}
