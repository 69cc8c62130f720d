/** Files from a drop, folders included (walked through the entries API), with their relative folder. */

export interface DroppedFile {
  file: File;
  /** The folder inside the drop ('' at the top), e.g. `photos/2024`. */
  dir: string;
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const out: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(out);
        else {
          out.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, dir: string, out: DroppedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, dir });
  } else if (entry.isDirectory) {
    const inner = dir ? `${dir}/${entry.name}` : entry.name;
    for (const child of await readAll((entry as FileSystemDirectoryEntry).createReader()))
      await walk(child, inner, out);
  }
}

export async function droppedFiles(data: DataTransfer): Promise<DroppedFile[]> {
  const entries = [...data.items]
    .filter((i) => i.kind === 'file')
    .map((i) => i.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0) return [...data.files].map((file) => ({ file, dir: '' }));
  const out: DroppedFile[] = [];
  for (const entry of entries) await walk(entry, '', out);
  return out;
}
