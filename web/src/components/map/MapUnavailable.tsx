import { Center, Stack, Text } from '@mantine/core';
import { MapOffIcon } from '../icons';

export const MAP_HEIGHT = 280;
export const MSG_MAP_UNAVAILABLE = 'Map unavailable';
export const MSG_TILES_FAILED = 'The map images could not be loaded.';

/** The calm stand-in for the map when there is no location or the tiles cannot load. */
export function MapUnavailable({ reason }: { reason: string }) {
  return (
    <Center h={MAP_HEIGHT} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px dashed var(--mantine-color-gray-4)' }} data-testid="map-unavailable">
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
