import { useQuery } from '@tanstack/react-query';
import { FileUploadDialog } from '../../../../components/FileUploadDialog';
import { OrderStatus } from '../../../../lib/api-enums';
import { uploadFiles, type UploadRow } from '../../../../lib/upload';
import { orderKeys } from '../../keys';
import { orderFileTypes } from './api';
import { REPORT_FILE_TYPES, useRevisionAnswers } from './RevisionAnswers';
import type { ActionDialogProps } from './types';
import { useOrderAction } from './useOrderAction';

/** The statuses in which the appraiser's next report answers a revision request. */
const AWAITING_REVISION: readonly number[] = [OrderStatus.RevisionRequested, OrderStatus.LenderRevisionRequest];

interface OrderUploadProps extends ActionDialogProps {
  title: string;
  done: (count: number) => string;
  /** The upload answers the open revision round when it holds a report (the appraiser's, not staff's). */
  answersRevision?: boolean;
}

/** The upload dialog of the order's file types, with its title and the words of its success. */
function OrderUploadDialog({ order, opened, onClose, onDone, title, done, answersRevision = false }: OrderUploadProps) {
  const types = useQuery({ queryKey: orderKeys.fileTypes(order.id), queryFn: () => orderFileTypes(order.id), staleTime: Infinity });
  const { busy, failure, run } = useOrderAction(order.id, onDone);
  const revision = useRevisionAnswers(order.id, answersRevision);
  const reportTypes = new Set((types.data ?? []).filter((t) => REPORT_FILE_TYPES.includes(t.label)).map((t) => t.value));
  const hasReport = (chosen: string[]) => chosen.some((t) => reportTypes.has(t));
  const upload = async (rows: UploadRow[]) => {
    const fields = revision.fieldsFor(hasReport(rows.map((r) => r.fileType)));
    if (!fields) return;
    const send = async () => {
      await uploadFiles({ orderId: order.id }, rows, fields);
      return { message: done(rows.length) };
    };
    revision.showRefusal(await run(send, { tab: 'files' }));
  };
  return (
    <FileUploadDialog
      title={title}
      opened={opened}
      onClose={onClose}
      busy={busy}
      failure={failure}
      fileTypes={(types.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
      onUpload={(rows) => void upload(rows)}
      extra={(chosen) => revision.form(hasReport(chosen))}
    />
  );
}

/**
 * Upload files of the order's types; a report moves the order on, and answers the open revision
 * request item by item while the order waits for a revised report. Success shows the Files tab.
 */
export function UploadFilesDialog(props: ActionDialogProps) {
  return (
    <OrderUploadDialog
      {...props}
      title="Upload Files"
      done={(n) => (n === 1 ? 'File uploaded.' : `${n} files uploaded.`)}
      answersRevision={AWAITING_REVISION.includes(props.order.statusId)}
    />
  );
}

/**
 * Staff attach files to an order at any status: the status stays, the history says who attached
 * what. Success shows the Files tab.
 */
export function AttachFilesDialog(props: ActionDialogProps) {
  return <OrderUploadDialog {...props} title="Attach Files" done={(n) => (n === 1 ? 'File attached.' : `${n} files attached.`)} />;
}
