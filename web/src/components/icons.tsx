import type { ReactNode } from 'react';

/** A decorative stroke icon on the 24-unit grid (hidden from assistive technology). */
export function LineIcon({ size = 16, strokeWidth = 2, children }: { size?: number; strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** An icon drawn by a fixed list of paths. */
function pathsIcon(paths: string[], defaultSize = 16) {
  return function PathsIcon({ size = defaultSize }: { size?: number }) {
    return (
      <LineIcon size={size}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </LineIcon>
    );
  };
}

export const BackIcon = pathsIcon(['M5 12h14M5 12l6 6M5 12l6 -6']);
export const PrinterIcon = pathsIcon([
  'M17 17h2a2 2 0 0 0 2 -2v-4a2 2 0 0 0 -2 -2h-14a2 2 0 0 0 -2 2v4a2 2 0 0 0 2 2h2',
  'M17 9v-4a2 2 0 0 0 -2 -2h-6a2 2 0 0 0 -2 2v4',
  'M7 13m0 2a2 2 0 0 1 2 -2h6a2 2 0 0 1 2 2v4a2 2 0 0 1 -2 2h-6a2 2 0 0 1 -2 -2z',
]);
export const ChevronDownIcon = pathsIcon(['M6 9l6 6l6 -6'], 14);
export const ChevronUpIcon = pathsIcon(['M6 15l6 -6l6 6'], 14);
export const TrashIcon = pathsIcon(['M4 7h16', 'M10 11v6', 'M14 11v6', 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2 -2l1 -12', 'M9 7v-3a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v3'], 14);
export const FilterIcon = pathsIcon(['M4 4h16v2.172a2 2 0 0 1 -.586 1.414l-4.414 4.414v7l-6 2v-8.5l-4.48 -4.928a2 2 0 0 1 -.52 -1.345v-2.227z']);
export const RefreshIcon = pathsIcon(['M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4']);
export const EyeIcon = pathsIcon(['M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0', 'M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6'], 14);
export const DownloadIcon = pathsIcon(['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', 'M7 11l5 5l5 -5', 'M12 4l0 12'], 14);
export function MapOffIcon() {
  return (
    <LineIcon size={28} strokeWidth={1.6}>
      <path d="M8.32 4.34l.68 -.34l6 3l6 -3v13m-2.67 1.33l-3.33 1.67l-6 -3l-6 3v-13l2.67 -1.33" />
      <path d="M9 4v1m0 4v11" />
      <path d="M15 7v4m0 4v5" />
      <path d="M3 3l18 18" />
    </LineIcon>
  );
}
