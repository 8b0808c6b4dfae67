import 'leaflet/dist/leaflet.css';
import './map.css';
import { divIcon, type Map as LeafletMap } from 'leaflet';
import { useCallback, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_HEIGHT, MapUnavailable, MSG_TILES_FAILED } from './MapUnavailable';

/** The map defaults to satellite view at zoom 20. */
export const MAP_ZOOM = 20;

/**
 * Leaflet's default marker loads PNGs by a path a Vite build breaks; an inline SVG pin needs no
 * files at all.
 */
const PIN = divIcon({
  className: 'property-map-pin',
  html:
    '<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">' +
    '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#c92a2a" stroke="#ffffff" stroke-width="2"/>' +
    '<circle cx="16" cy="16" r="5.5" fill="#ffffff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 43],
});

function attributionFor(url: string): string {
  return /arcgis/i.test(url) ? 'Imagery &copy; Esri and its data providers' : '';
}

export interface SatelliteMapProps {
  latitude: number;
  longitude: number;
  tileUrl: string;
  /** Names the map for assistive technology, e.g. the property address. */
  label: string;
}

/**
 * The satellite map at a property (its own lazy chunk: Leaflet is loaded only where a map shows).
 * When the tiles cannot be loaded (offline, blocked, a bad URL) it turns into "Map unavailable"
 * instead of a grey box.
 */
export default function SatelliteMap({ latitude, longitude, tileUrl, label }: SatelliteMapProps) {
  const [failed, setFailed] = useState(false);
  const counts = useRef({ loaded: 0, failed: 0 });

  const labelMap = useCallback(
    (map: LeafletMap | null) => {
      if (!map) return;
      const el = map.getContainer();
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    },
    [label],
  );

  if (failed) return <MapUnavailable reason={MSG_TILES_FAILED} />;

  return (
    <div data-testid="property-map" style={{ height: MAP_HEIGHT, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <MapContainer ref={labelMap} center={[latitude, longitude]} zoom={MAP_ZOOM} maxZoom={MAP_ZOOM} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
        <TileLayer
          url={tileUrl}
          maxZoom={MAP_ZOOM}
          maxNativeZoom={MAP_ZOOM}
          attribution={attributionFor(tileUrl)}
          eventHandlers={{
            tileload: () => {
              counts.current.loaded += 1;
            },
            tileerror: () => {
              counts.current.failed += 1;
            },
            // 'load' fires once every visible tile has either loaded or failed.
            load: () => {
              if (counts.current.loaded === 0 && counts.current.failed > 0) setFailed(true);
            },
          }}
        />
        <Marker position={[latitude, longitude]} icon={PIN} interactive={false} keyboard={false} title={label} />
      </MapContainer>
    </div>
  );
}
