import { Box, Text, VisuallyHidden } from '@mantine/core';

export interface BarPart {
  label: string;
  value: number;
  /** The most this part can be (read out with its value, e.g. "of 40"). */
  max: number;
  /** A Mantine colour name (e.g. 'blue'); its 7 shade fills the part and its swatch. */
  color: string;
}

const fill = (color: string) => `var(--mantine-color-${color}-7)`;

/**
 * A small horizontal bar of parts side by side on a scale of `scale` (e.g. points out of 100), with
 * each part's number as text under it: the colours only repeat what the numbers say.
 */
export function StackedBar({ parts, scale, format = String }: { parts: BarPart[]; scale: number; format?: (n: number) => string }) {
  return (
    <Box component="span" display="block" miw={170} data-stacked-bar>
      <Box component="span" aria-hidden="true" display="flex" h={8} bg="gray.2" style={{ borderRadius: 4, overflow: 'hidden' }}>
        {parts.map((p) => (
          <Box key={p.label} component="span" display="block" h="100%" style={{ width: `${(Math.max(0, p.value) / scale) * 100}%`, background: fill(p.color) }} />
        ))}
      </Box>
      <Box component="span" display="flex" mt={4} style={{ flexWrap: 'wrap', columnGap: 10, rowGap: 2 }}>
        {parts.map((p) => (
          <Text key={p.label} span size="xs" c="gray.9" style={{ whiteSpace: 'nowrap' }} data-part={p.label}>
            <Box component="span" aria-hidden="true" display="inline-block" w={8} h={8} mr={4} style={{ borderRadius: 2, background: fill(p.color) }} />
            {p.label} {format(p.value)}
            <VisuallyHidden> of {format(p.max)}</VisuallyHidden>
          </Text>
        ))}
      </Box>
    </Box>
  );
}
