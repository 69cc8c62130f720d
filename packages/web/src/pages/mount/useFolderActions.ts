/**
 * What the explorer does to the folder on screen: download, delete (after an in-page confirmation),
 * new folder, rename, copy (on the server, as a server task, or through this browser when asked or
 * when the server answers that it must) and upload. Each reports through the page's feedback.
 */
import type { CopyPair, FsItem } from '@clip/sdk';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../app/services.ts';
import type { useConfirm } from '../admin/shared/confirm.tsx';
import { useFeedback } from '../admin/shared/feedback.ts';
import { runClientCopy } from './clientCopy.ts';
import { joinPath } from './explorerModel.ts';
import { uploadFiles } from './uploads.ts';

/** A confirmation names up to this many of the entries it deletes, then counts the rest. */
const NAMED_IN_CONFIRMATION = 5;

export interface FolderActionsDeps {
  path: string;
  confirm: ReturnType<typeof useConfirm>['confirm'];
  /** Read the folder again. */
  reload(): void;
  /** The selection is done with. */
  clearSelection(): void;
  /** Show the task manager (and read the server's tasks now). */
  showTasks(): void;
}

export function useFolderActions({ path, confirm, reload, clearSelection, showTasks }: FolderActionsDeps) {
  const { t } = useLingui();
  const { client } = useServices();
  const feedback = useFeedback();
  const api = client.fs;

  async function download(item: FsItem) {
    try {
      const meta = await api.get(item.path);
      const link = document.createElement('a');
      link.href = meta.download_url ?? '';
      link.download = item.name;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (err) {
      feedback.fail(t`Could not download ${item.name}`, err);
    }
  }

  async function remove(names: string[]) {
    if (names.length === 0) return;
    const first = names[0];
    const count = names.length;
    const warning = t`Folders are deleted with everything inside them. This cannot be undone.`;
    const listed = names.slice(0, NAMED_IN_CONFIRMATION).join(', ');
    const more = count - NAMED_IN_CONFIRMATION;
    const ok = await confirm({
      title: count === 1 ? t`Delete ${first}?` : t`Delete ${count} items?`,
      body: count === 1 ? warning : `${more > 0 ? t`${listed} and ${more} more.` : t`${listed}.`} ${warning}`,
      confirmLabel: t`Delete`,
      danger: true,
    });
    if (!ok) return;
    try {
      // One batch even for one item: the server lists it in the task manager with what it deleted.
      const result = await api.batchRemove(names.map((n) => joinPath(path, n)));
      const failedCount = result.failed.length;
      if (failedCount === 0) feedback.ok(count === 1 ? t`Deleted ${first}` : t`Deleted ${count} items`);
      else if (count === 1) feedback.fail(t`Could not delete ${first}`, new Error(result.failed[0].error));
      else feedback.fail(t`${failedCount} items could not be deleted`, new Error(result.failed[0].error));
      clearSelection();
    } catch (err) {
      feedback.fail(t`Could not delete`, err);
    }
    reload();
  }

  async function mkdir(name: string): Promise<boolean> {
    try {
      await api.mkdir(joinPath(path, name));
      feedback.ok(t`Folder ${name} created`);
      reload();
      return true;
    } catch (err) {
      feedback.fail(t`Could not create the folder`, err);
      return false;
    }
  }

  async function rename(item: FsItem, name: string): Promise<boolean> {
    if (name === item.name) return true;
    try {
      await api.rename(item.path, joinPath(path, name));
      feedback.ok(t`Renamed to ${name}`);
      reload();
      return true;
    } catch (err) {
      feedback.fail(t`Could not rename ${item.name}`, err);
      return false;
    }
  }

  /** Resolves once the copy is started (a client-side copy then runs on in the task manager). */
  async function copy(
    names: string[],
    target: string,
    options: { skipExisting: boolean; clientSide: boolean },
  ) {
    const pairs: CopyPair[] = names.map((n) => ({
      sourcePath: joinPath(path, n),
      targetPath: joinPath(target, n),
    }));
    const throughBrowser = () => {
      showTasks();
      feedback.ok(t`Copying through this browser; follow it in the task manager`);
      void runClientCopy(client, pairs, options.skipExisting, reload);
    };
    try {
      if (options.clientSide) throughBrowser();
      else {
        const result = await api.batchCopy({ items: pairs, skipExisting: options.skipExisting });
        if ('task_id' in result) {
          feedback.ok(t`Copy started; follow it in the task manager`);
          showTasks();
        } else if ('copied' in result) {
          const copied = result.copied;
          feedback.ok(t`Copied ${copied} items`);
        } else throughBrowser();
      }
      clearSelection();
      reload();
      return true;
    } catch (err) {
      feedback.fail(t`Could not copy`, err);
      return false;
    }
  }

  async function upload(entries: { folder: string; file: File }[]) {
    if (entries.length === 0) return;
    showTasks();
    await uploadFiles(client, entries, reload);
    reload();
  }

  return { download, remove, mkdir, rename, copy, upload };
}
