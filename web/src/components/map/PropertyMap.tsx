import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { MAP_HEIGHT, MapUnavailable } from './MapUnavailable';

const SatelliteMap = lazy(() => import('./SatelliteMap'));

export interface PropertyMapProps {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  /** Tile URL template from the runtime configuration. */
  tileUrl: string | null | undefined;
  /** Names the map for assistive technology, e.g. 'Satellite map of 12 Oak St'. */
  label: string;
}

/** The satellite map of an order or a quote, or a calm "Map unavailable" saying why there is none. */
export function PropertyMap({ latitude, longitude, tileUrl, label }: PropertyMapProps) {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') {
    return <MapUnavailable reason="No location was given for this property." />;
  }
  if (!tileUrl) return <MapUnavailable reason="No map source is configured." />;
  return (
    <Suspense fallback={<Skeleton h={MAP_HEIGHT} radius="md" />}>
      <SatelliteMap latitude={latitude} longitude={longitude} tileUrl={tileUrl} label={label} />
    </Suspense>
  );
}
