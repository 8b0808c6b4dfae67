import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';

function EyeIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0" />
      <path d="M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6" />
    </svg>
  );
}

export function DownloadIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2" />
      <path d="M7 11l5 5l5 -5" />
      <path d="M12 4l0 12" />
    </svg>
  );
}

export interface FileActionsProps {
  fileName: string;
  /** Opens the file in a new tab (part 1 section 2.10); each resolves when done (failures notify). */
  onView: () => Promise<unknown>;
  onDownload: () => Promise<unknown>;
  /** Further buttons after View and Download. */
  children?: ReactNode;
}

/** View and Download buttons of one file, each busy while its request runs. */
export function FileActions({ fileName, onView, onDownload, children }: FileActionsProps) {
  const [busy, setBusy] = useState<'view' | 'download' | null>(null);
  const run = async (kind: 'view' | 'download') => {
    setBusy(kind);
    try {
      await (kind === 'view' ? onView() : onDownload());
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<EyeIcon />}
        aria-label={`View ${fileName} (opens in a new tab)`}
        loading={busy === 'view'}
        onClick={() => void run('view')}
      >
        View
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<DownloadIcon />}
        aria-label={`Download ${fileName}`}
        loading={busy === 'download'}
        onClick={() => void run('download')}
      >
        Download
      </Button>
      {children}
    </Group>
  );
}
