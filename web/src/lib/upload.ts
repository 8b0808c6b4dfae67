import { api, call, type Schemas } from './api';

/** One row of an upload form: a file and its type (an option value of the file-type lookups). */
export interface UploadRow {
  fileType: string;
  file: File;
}

export type UploadTarget = { orderId: number } | { appraiserId: number };

/**
 * POST /api/file/upload (docs/domain.md#files): the target first (the server checks it before any file
 * streams in), then the caller's other text `fields` (a revised report's `revisionAnswers`), then each
 * file with its type. Failures are left to the caller to show.
 */
export function uploadFiles(target: UploadTarget, rows: UploadRow[], fields: Record<string, string> = {}): Promise<Schemas['FileRecord'][]> {
  const form = new FormData();
  if ('orderId' in target) form.append('orderId', String(target.orderId));
  else form.append('appraiserId', String(target.appraiserId));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const row of rows) {
    form.append('files', row.file, row.file.name);
    form.append('fileTypes', row.fileType);
  }
  return call(api.POST('/api/file/upload', { body: form }), { notify: false });
}
