import { Badge } from '@mantine/core';
import { attentionSwatch, statusStyle, swatchHex, textOn, type StatusIconName } from './badgeStyles';
import { LineIcon } from './icons';

/** Stroke paths (24 x 24) of the status icons. */
const ICON_PATHS: Record<StatusIconName, string[]> = {
  upload: ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', 'M7 9l5 -5l5 5', 'M12 4v12'],
  dollar: ['M16.7 8a3 3 0 0 0 -2.7 -2h-4a3 3 0 0 0 0 6h4a3 3 0 0 1 0 6h-4a3 3 0 0 1 -2.7 -2', 'M12 3v3m0 12v3'],
  circle: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0'],
  userCheck: ['M8 7a4 4 0 1 0 8 0a4 4 0 0 0 -8 0', 'M6 21v-2a4 4 0 0 1 4 -4h4', 'M15 19l2 2l4 -4'],
  check: ['M5 12l5 5l10 -10'],
  checks: ['M7 12l5 5l10 -10', 'M2 12l5 5m5 -5l5 -5'],
  progress: ['M20 11a8.1 8.1 0 0 0 -15.5 -2m-.5 -4v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4'],
  message: ['M8 9h8', 'M8 13h6', 'M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-5l-5 3v-3h-2a3 3 0 0 1 -3 -3v-8a3 3 0 0 1 3 -3h12z'],
  phone: ['M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5l1.5 -2.5l5 2v4a2 2 0 0 1 -2 2a16 16 0 0 1 -15 -15a2 2 0 0 1 2 -2'],
  pause: ['M7 5h2v14h-2z', 'M15 5h2v14h-2z'],
  calendar: ['M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z', 'M16 3v4', 'M8 3v4', 'M4 11h16'],
  home: ['M5 12h-2l9 -9l9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7', 'M9 21v-6a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v6'],
  search: ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0', 'M21 21l-6 -6'],
  send: ['M10 14l11 -11', 'M21 3l-6.5 18a.55 .55 0 0 1 -1 0l-3.5 -7l-7 -3.5a.55 .55 0 0 1 0 -1l18 -6.5'],
  x: ['M18 6l-12 12', 'M6 6l12 12'],
  alert: ['M12 9v4', 'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0z', 'M12 16h.01'],
  pencil: ['M4 20h4l10.5 -10.5a2.828 2.828 0 1 0 -4 -4l-10.5 10.5v4', 'M13.5 6.5l4 4'],
  file: ['M14 3v4a1 1 0 0 0 1 1h4', 'M17 21h-10a2 2 0 0 1 -2 -2v-14a2 2 0 0 1 2 -2h7l5 5v11a2 2 0 0 1 -2 2z', 'M9 17h6', 'M9 13h6'],
  clock: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M12 7v5l3 3'],
  shield: ['M12 3a12 12 0 0 0 8.5 3a12 12 0 0 1 -8.5 15a12 12 0 0 1 -8.5 -15a12 12 0 0 0 8.5 -3'],
  arrowUp: ['M12 5v14', 'M18 11l-6 -6', 'M6 11l6 -6'],
  copy: ['M8 8h12v12h-12z', 'M16 8v-4h-12v12h4'],
  bolt: ['M13 3v7h6l-8 11v-7h-6l8 -11'],
  star: ['M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z'],
  question: ['M8 8a3.5 3 0 0 1 3.5 -3h1a3.5 3 0 0 1 3.5 3a3 3 0 0 1 -2 3a3 4 0 0 0 -2 4', 'M12 19v.01'],
};

/** Badges wrap long labels instead of cutting them off. */
function wrapStyles(bg: string) {
  return {
    root: { color: textOn(bg), height: 'auto', minHeight: 20, paddingBlock: 2, maxWidth: '100%' },
    label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.25 },
  } as const;
}

export function StatusIcon({ name, size = 14 }: { name: StatusIconName; size?: number }) {
  return (
    <LineIcon size={size}>
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </LineIcon>
  );
}

/** An order status label with the status's own colour and icon (or those of `styleAs`, a status shown in the same words). */
export function StatusBadge({ statusId, label, styleAs = statusId }: { statusId: number; label: string; styleAs?: number }) {
  const style = statusStyle(styleAs);
  const bg = swatchHex(style);
  return (
    <Badge radius="sm" tt="none" fw={600} color={bg} styles={wrapStyles(bg)} leftSection={<StatusIcon name={style.icon} />} data-status-id={statusId}>
      {label}
    </Badge>
  );
}

/** An attention indicator (lowercase text as given); unknown texts get a neutral badge. */
export function AttentionBadge({ indicator }: { indicator: string }) {
  const bg = swatchHex(attentionSwatch(indicator));
  return (
    <Badge radius="xl" tt="none" fw={600} variant="filled" color={bg} styles={wrapStyles(bg)} data-attention={indicator}>
      {indicator}
    </Badge>
  );
}

/** The red count of unread messages shown on a file number. */
export function UnreadBadge({ count }: { count: number }) {
  const label = `${count} unread ${count === 1 ? 'message' : 'messages'}`;
  return (
    <Badge circle size="sm" color="red.9" variant="filled" role="img" aria-label={label} title={label}>
      {count}
    </Badge>
  );
}
