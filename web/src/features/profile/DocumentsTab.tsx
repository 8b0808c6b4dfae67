import { Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/DataDisplay';
import { FileActions } from '../../components/FileActions';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable';
import { FileUploadDialog } from '../../components/FileUploadDialog';
import { failureText, isSharedFailure } from '../../lib/api';
import { useAppConfig } from '../../lib/appConfig';
import { formatDateAndTime } from '../../lib/dates';
import { formatFileSize } from '../../lib/fileSize';
import { useAppraiserFileTypes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { uploadFiles, type UploadRow } from '../../lib/upload';
import { documentsQuery, downloadProfileFile, profileKeys, viewProfileFile, type AppraiserInfo, type FileRecord } from './api';
import { MSG_UPLOAD_FAILED } from './rules';
import { FailureAlert, LoadingRows } from '../../components/LoadStates';

export const MSG_NO_DOCUMENTS = 'No documents have been uploaded yet.';

function DocumentActions({ file }: { file: FileRecord }) {
  return <FileActions fileName={file.fileName} onView={() => viewProfileFile(file)} onDownload={() => downloadProfileFile(file)} />;
}

function documentColumns(timeZone: string | null | undefined): Column<FileRecord>[] {
  return [
    { header: 'ID', cell: (f) => f.id },
    { header: 'Type', cell: (f) => f.fileType },
    { header: 'Name', cell: (f) => f.fileName, name: true },
    { header: 'Size', cell: (f) => formatFileSize(f.fileSize), nowrap: true },
    { header: 'Uploaded by', cell: (f) => f.uploadedBy },
    { header: 'Date and Time Uploaded', cardLabel: 'Uploaded', cell: (f) => formatDateAndTime(f.uploadDate, timeZone), nowrap: true },
  ];
}

function DocumentList({ files, mobile, timeZone }: { files: FileRecord[]; mobile: boolean; timeZone: string | null | undefined }) {
  if (files.length === 0) return <EmptyState message={MSG_NO_DOCUMENTS} />;
  return (
    <ResponsiveTable
      items={files}
      columns={documentColumns(timeZone)}
      actions={(f) => <DocumentActions file={f} />}
      label="Documents"
      mobile={mobile}
      minWidth={860}
      idAttribute="data-file-id"
    />
  );
}

function AddDocumentsDialog({ appraiserId, onClose, onUploaded }: { appraiserId: number; onClose: () => void; onUploaded: () => void }) {
  const types = useAppraiserFileTypes();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (rows: UploadRow[]) => {
    setBusy(true);
    setFailure(null);
    try {
      await uploadFiles({ appraiserId }, rows);
      notify('success', rows.length === 1 ? 'File uploaded.' : `${rows.length} files uploaded.`);
      onUploaded();
      onClose();
    } catch (e) {
      // Upload errors are only logged, with no notice; the dialog says why it stayed open.
      console.error('profile document upload failed', e);
      if (!isSharedFailure(e)) setFailure(failureText(e, MSG_UPLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileUploadDialog
      title="Add Documents"
      opened
      onClose={onClose}
      busy={busy}
      failure={failure}
      fileTypes={(types.data ?? []).map((t) => ({ value: t.value, label: t.label }))}
      onUpload={(rows) => void upload(rows)}
    />
  );
}

/** Documents (profile tab 4): the appraiser's files and the Add Documents upload. */
export function DocumentsTab({ appraiser, mobile }: { appraiser: AppraiserInfo; mobile: boolean }) {
  const appraiserId = appraiser.securityUser.id;
  const queryClient = useQueryClient();
  const timeZone = useAppConfig().data?.companyTimeZone;
  const query = useQuery(documentsQuery(appraiserId));
  const [adding, setAdding] = useState(false);
  // A new upload may be the E&O policy as well: read every file list again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: profileKeys.appraiser(appraiserId) });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setAdding(true)}>Add Documents</Button>
      </Group>
      {query.isPending ? (
        <LoadingRows label="Loading documents" />
      ) : query.isError ? (
        <FailureAlert message={query.error.message} />
      ) : (
        <DocumentList files={query.data} mobile={mobile} timeZone={timeZone} />
      )}
      {adding ? <AddDocumentsDialog appraiserId={appraiserId} onClose={() => setAdding(false)} onUploaded={refresh} /> : null}
    </Stack>
  );
}
