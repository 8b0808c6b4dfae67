import { FileInput } from '@mantine/core';

/** The most files one upload takes (crates/server/src/client/documents.rs MAX_FILES). */
export const MAX_ATTACHMENTS = 10;
export const MSG_TOO_MANY_FILES = `Upload at most ${MAX_ATTACHMENTS} files at once.`;

/** The server's rule for one upload of attachments, in its words. */
export function attachmentsError(files: File[]): string | undefined {
  return files.length > MAX_ATTACHMENTS ? MSG_TOO_MANY_FILES : undefined;
}

interface AttachmentsInputProps {
  label: string;
  description?: string;
  value: File[];
  onChange: (files: File[]) => void;
  error?: string;
}

/** A picker of several files (the lender's attachments: a purchase contract, say), cleared with its × button. */
export function AttachmentsInput({ label, description, value, onChange, error }: AttachmentsInputProps) {
  return (
    <FileInput
      label={label}
      description={description}
      placeholder="Choose files"
      multiple
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      value={value}
      onChange={onChange}
      error={error}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      valueComponent={({ value: files }) => (Array.isArray(files) ? files.map((f) => f.name).join(', ') : (files?.name ?? null))}
    />
  );
}
