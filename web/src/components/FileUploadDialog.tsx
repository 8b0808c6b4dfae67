import { Button, CloseButton, Fieldset, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UploadRow } from '../lib/upload';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { anyRowError, useRows, type RowErrors } from './useRows';

export const MSG_SELECT_FILE_TYPE = 'Please select a file type.';
export const MSG_CHOOSE_FILE = 'Please choose a file to upload.';

interface Row {
  fileType: string;
  file: File | null;
}

/** File upload rows: at least one row; every row needs a file type and a file. */
export function checkUploadRows(rows: readonly Row[]): RowErrors<Row>[] {
  return rows.map((r) => ({ fileType: r.fileType ? undefined : MSG_SELECT_FILE_TYPE, file: r.file ? undefined : MSG_CHOOSE_FILE }));
}

export interface FileUploadDialogProps extends Pick<FormDialogProps, 'title' | 'opened' | 'onClose' | 'busy' | 'failure'> {
  /** The file types offered (label and value). */
  fileTypes: readonly { value: string; label: string }[];
  /** Called with the rows once every row has a type and a file. */
  onUpload: (rows: UploadRow[]) => void;
  /** More of the form after the files, given the file types chosen so far (the caller checks and sends it). */
  extra?: (chosenTypes: string[]) => ReactNode;
}

/** Rows of file type + file, added and removed at will, uploaded together. */
export function FileUploadDialog({ fileTypes, onUpload, extra, ...dialog }: FileUploadDialogProps) {
  const { rows, errors, setErrors, update, add, remove } = useRows<Row>(() => ({ fileType: '', file: null }));

  const submit = () => {
    const found = checkUploadRows(rows);
    setErrors(found);
    if (anyRowError(found)) return;
    onUpload(rows.map((r) => ({ fileType: r.fileType, file: r.file! })));
  };

  return (
    <FormDialog {...dialog} size="lg" submitLabel="Upload" onSubmit={submit}>
      {rows.map((row, i) => (
        <Fieldset key={row.key} legend={`File ${i + 1}`} variant="filled" p="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
              <NativeSelect
                label="File type"
                required
                data={[{ value: '', label: 'Select a file type' }, ...fileTypes]}
                value={row.fileType}
                onChange={(e) => update(i, 'fileType', e.currentTarget.value)}
                error={errors[i]?.fileType}
              />
              <TextInput type="file" label="File" required onChange={(e) => update(i, 'file', e.currentTarget.files?.[0] ?? null)} error={errors[i]?.file} />
            </SimpleGrid>
            {rows.length > 1 ? <CloseButton mt={26} aria-label={`Remove file ${i + 1}`} onClick={() => remove(row.key)} /> : null}
          </Group>
        </Fieldset>
      ))}
      <Button variant="subtle" onClick={add} w="fit-content">
        Add another file
      </Button>
      {extra?.(rows.map((r) => r.fileType).filter(Boolean))}
    </FormDialog>
  );
}
