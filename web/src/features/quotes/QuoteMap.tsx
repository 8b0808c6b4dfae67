import 'leaflet/dist/leaflet.css';
import { divIcon, type Map as LeafletMap } from 'leaflet';
import { useCallback, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

/** The map defaults to satellite view at zoom 20 (part 2 section 9). */
export const MAP_ZOOM = 20;
export const MAP_HEIGHT = 260;

/** An inline SVG pin: Leaflet's default marker images break in a Vite build. */
const PIN = divIcon({
  className: 'quote-map-pin',
  html:
    '<svg width="32" height="44" viewBox="0 0 32 44" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">' +
    '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 43 16 43s15-16 15-27.2C31 7.6 24.3 1 16 1z" fill="#c92a2a" stroke="#ffffff" stroke-width="2"/>' +
    '<circle cx="16" cy="16" r="5.5" fill="#ffffff"/></svg>',
  iconSize: [32, 44],
  iconAnchor: [16, 43],
});

export interface QuoteMapProps {
  latitude: number;
  longitude: number;
  tileUrl: string;
  label: string;
  /** Shown instead of the map when no tile could be loaded. */
  onUnavailable: () => void;
}

/** The satellite map at the quote's location (its own lazy chunk). */
export default function QuoteMap({ latitude, longitude, tileUrl, label, onUnavailable }: QuoteMapProps) {
  const counts = useRef({ loaded: 0, failed: 0 });
  const [done, setDone] = useState(false);
  const labelMap = useCallback(
    (map: LeafletMap | null) => {
      if (!map) return;
      const el = map.getContainer();
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    },
    [label],
  );
  return (
    <div data-testid="quote-map" data-loaded={done || undefined} style={{ height: MAP_HEIGHT, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <MapContainer ref={labelMap} center={[latitude, longitude]} zoom={MAP_ZOOM} maxZoom={MAP_ZOOM} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
        <TileLayer
          url={tileUrl}
          maxZoom={MAP_ZOOM}
          maxNativeZoom={MAP_ZOOM}
          attribution={/arcgis/i.test(tileUrl) ? 'Imagery &copy; Esri and its data providers' : ''}
          eventHandlers={{
            tileload: () => {
              counts.current.loaded += 1;
            },
            tileerror: () => {
              counts.current.failed += 1;
            },
            load: () => {
              setDone(true);
              if (counts.current.loaded === 0 && counts.current.failed > 0) onUnavailable();
            },
          }}
        />
        <Marker position={[latitude, longitude]} icon={PIN} interactive={false} keyboard={false} title={label} />
      </MapContainer>
    </div>
  );
}
