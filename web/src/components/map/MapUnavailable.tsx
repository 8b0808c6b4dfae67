import { Center, Stack, Text } from '@mantine/core';

export const MAP_HEIGHT = 280;
export const MSG_MAP_UNAVAILABLE = 'Map unavailable';
export const MSG_TILES_FAILED = 'The map images could not be loaded.';

function MapOffIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M8.32 4.34l.68 -.34l6 3l6 -3v13m-2.67 1.33l-3.33 1.67l-6 -3l-6 3v-13l2.67 -1.33" />
      <path d="M9 4v1m0 4v11" />
      <path d="M15 7v4m0 4v5" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/** The calm stand-in for the map when there is no location or the tiles cannot load. */
export function MapUnavailable({ reason }: { reason: string }) {
  return (
    <Center
      h={MAP_HEIGHT}
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px dashed var(--mantine-color-gray-4)' }}
      data-testid="map-unavailable"
    >
      <Stack gap={4} align="center" c="gray.7" px="md">
        <MapOffIcon />
        <Text fw={600} c="gray.8">
          {MSG_MAP_UNAVAILABLE}
        </Text>
        <Text size="sm" c="gray.7" ta="center">
          {reason}
        </Text>
      </Stack>
    </Center>
  );
}
