import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { DownloadIcon, EyeIcon } from './icons';

export interface FileActionsProps {
  fileName: string;
  /** Opens the file in a new tab; each resolves when done (failures notify). */
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
