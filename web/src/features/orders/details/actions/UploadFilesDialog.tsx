import { useQuery } from '@tanstack/react-query';
import { FileUploadDialog } from '../../../../components/FileUploadDialog';
import { uploadFiles, type UploadRow } from '../../../../lib/upload';
import { orderKeys } from '../../keys';
import type { ActionDialogProps } from './types';
import { orderFileTypes } from './api';
import { useOrderAction } from './useOrderAction';

/** Upload files of the order's types; a report moves the order on. Success shows the Files tab. */
export function UploadFilesDialog({ order, opened, onClose, onDone }: ActionDialogProps) {
  const types = useQuery({ queryKey: orderKeys.fileTypes(order.id), queryFn: () => orderFileTypes(order.id), staleTime: Infinity });
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const upload = (rows: UploadRow[]) =>
    void run(async () => {
      await uploadFiles({ orderId: order.id }, rows);
      return { message: rows.length === 1 ? 'File uploaded.' : `${rows.length} files uploaded.` };
    }, { tab: 'files' });
  return (
    <FileUploadDialog
      title="Upload Files"
      opened={opened}
      onClose={onClose}
      busy={busy}
      failure={failure}
      fileTypes={(types.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
      onUpload={upload}
    />
  );
}
