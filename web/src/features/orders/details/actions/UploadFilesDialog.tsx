import { useQuery } from '@tanstack/react-query';
import { FileUploadDialog } from '../../../../components/FileUploadDialog';
import { uploadFiles, type UploadRow } from '../../../../lib/upload';
import { orderKeys } from '../../keys';
import { orderFileTypes } from './api';
import type { ActionDialogProps } from './types';
import { useOrderAction } from './useOrderAction';

/** The upload dialog of the order's file types, with its title and the words of its success. */
function OrderUploadDialog({ order, opened, onClose, onDone, title, done }: ActionDialogProps & { title: string; done: (count: number) => string }) {
  const types = useQuery({ queryKey: orderKeys.fileTypes(order.id), queryFn: () => orderFileTypes(order.id), staleTime: Infinity });
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const upload = (rows: UploadRow[]) =>
    void run(
      async () => {
        await uploadFiles({ orderId: order.id }, rows);
        return { message: done(rows.length) };
      },
      { tab: 'files' },
    );
  return (
    <FileUploadDialog
      title={title}
      opened={opened}
      onClose={onClose}
      busy={busy}
      failure={failure}
      fileTypes={(types.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
      onUpload={upload}
    />
  );
}

/** Upload files of the order's types; a report moves the order on. Success shows the Files tab. */
export function UploadFilesDialog(props: ActionDialogProps) {
  return <OrderUploadDialog {...props} title="Upload Files" done={(n) => (n === 1 ? 'File uploaded.' : `${n} files uploaded.`)} />;
}

/**
 * Staff attach files to an order at any status: the status stays, the history says who attached
 * what. Success shows the Files tab.
 */
export function AttachFilesDialog(props: ActionDialogProps) {
  return <OrderUploadDialog {...props} title="Attach Files" done={(n) => (n === 1 ? 'File attached.' : `${n} files attached.`)} />;
}
