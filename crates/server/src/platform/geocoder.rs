//! Where a property is on the map. The default places it at its ZIP code's centre (a table compiled
//! into the server, `data/us-zip-centroids.csv`), marked approximate; `PORTAL_GEOCODER=census`
//! asks the U.S. Census Bureau's geocoder first, and `PORTAL_GEOCODER=http` an address service
//! speaking the portal's own adapter contract; both fall back to the ZIP centre when they have no
//! answer. A leaf: it needs only the configuration.
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use async_trait::async_trait;
use serde::Deserialize;

use crate::platform::config::Config;

/// How long the address service may take before the ZIP centre is used instead.
const HTTP_TIMEOUT: Duration = Duration::from_secs(5);

const ZIP_CENTRES_CSV: &str = include_str!("../../data/us-zip-centroids.csv");

/// The state and centre of each ZIP code: (state, latitude, longitude).
static ZIP_CENTRES: LazyLock<HashMap<&'static str, (&'static str, f64, f64)>> =
    LazyLock::new(|| {
        ZIP_CENTRES_CSV
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut fields = line.split(',');
                let zip = fields.next()?;
                let state = fields.next()?;
                let latitude = fields.next()?.parse().ok()?;
                let longitude = fields.next()?.parse().ok()?;
                Some((zip, (state, latitude, longitude)))
            })
            .collect()
    });

/// The state a ZIP code lies in (its postal code), when the table knows the ZIP.
pub fn zip_state(zip: &str) -> Option<&'static str> {
    ZIP_CENTRES.get(zip).map(|(state, _, _)| *state)
}

/// The address to place.
#[derive(Debug, Clone, Copy)]
pub struct Address<'a> {
    pub line1: &'a str,
    pub city: &'a str,
    pub state_code: &'a str,
    pub zip: &'a str,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
    /// Only the ZIP code's centre, not the building.
    pub approximate: bool,
}

#[async_trait]
pub trait Geocoder: Send + Sync {
    /// The property's position, or None when nothing is known of the address (the order is still
    /// made; its map says "not available").
    async fn locate(&self, address: Address<'_>) -> Option<Position>;
}

/// The Census Bureau's geocoder, where `PORTAL_GEOCODER_URL` does not say otherwise.
pub const CENSUS_URL: &str = "https://geocoding.geo.census.gov";

/// The geocoder the configuration names (`zip`, `census` or `http`).
pub fn from_config(config: &Config) -> Arc<dyn Geocoder> {
    match config.geocoder.as_str() {
        "http" => Arc::new(HttpGeocoder::new(&config.geocoder_url)),
        "census" => {
            let base =
                if config.geocoder_url.is_empty() { CENSUS_URL } else { &config.geocoder_url };
            Arc::new(CensusGeocoder::new(base))
        }
        _ => Arc::new(ZipCentres),
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(HTTP_TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a plain HTTP client builds")
}

/// The building's position, when the coordinates are on earth.
fn exact(latitude: f64, longitude: f64) -> Option<Position> {
    let on_earth = (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude);
    on_earth.then_some(Position { latitude, longitude, approximate: false })
}

/// Asks `url` about the address (`street`, `city`, `state`, `zip` and `more`); None for an answer
/// other than 200.
async fn ask_json<T: serde::de::DeserializeOwned>(
    client: &reqwest::Client,
    url: &str,
    address: Address<'_>,
    more: &[(&str, &str)],
) -> Result<Option<T>, reqwest::Error> {
    let mut query = vec![
        ("street", address.line1),
        ("city", address.city),
        ("state", address.state_code),
        ("zip", address.zip),
    ];
    query.extend_from_slice(more);
    let answer = client.get(url).query(&query).send().await?;
    if !answer.status().is_success() {
        return Ok(None);
    }
    answer.json().await.map(Some)
}

/// What a service found, else the ZIP code's centre (nothing found, an error, too slow).
fn or_zip_centre(
    service: &str,
    asked: Result<Option<Position>, reqwest::Error>,
    zip: &str,
) -> Option<Position> {
    match asked {
        Ok(Some(found)) => Some(found),
        Ok(None) => zip_centre(zip),
        Err(e) => {
            tracing::warn!(
                error = %e,
                service,
                "the address service did not answer; using the ZIP centre"
            );
            zip_centre(zip)
        }
    }
}

/// The centre of the address's ZIP code, from the table compiled in.
pub struct ZipCentres;

pub fn zip_centre(zip: &str) -> Option<Position> {
    ZIP_CENTRES.get(zip.trim()).map(|&(_, latitude, longitude)| Position {
        latitude,
        longitude,
        approximate: true,
    })
}

#[async_trait]
impl Geocoder for ZipCentres {
    async fn locate(&self, address: Address<'_>) -> Option<Position> {
        zip_centre(address.zip)
    }
}

/// An address service: `GET {url}?street=&city=&state=&zip=` answering 200 with
/// `{"latitude": .., "longitude": ..}` for an address it found (404 or any other answer: not
/// found). The ZIP centre stands in when it finds nothing, fails or takes over 5 seconds.
pub struct HttpGeocoder {
    url: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct Found {
    latitude: f64,
    longitude: f64,
}

impl HttpGeocoder {
    pub fn new(url: &str) -> HttpGeocoder {
        HttpGeocoder { url: url.to_string(), client: client() }
    }

    async fn ask(&self, address: Address<'_>) -> Result<Option<Position>, reqwest::Error> {
        let found: Option<Found> = ask_json(&self.client, &self.url, address, &[]).await?;
        Ok(found.and_then(|f| exact(f.latitude, f.longitude)))
    }
}

#[async_trait]
impl Geocoder for HttpGeocoder {
    async fn locate(&self, address: Address<'_>) -> Option<Position> {
        or_zip_centre("address service", self.ask(address).await, address.zip)
    }
}

/// The U.S. Census Bureau's geocoder: `GET {base}/geocoder/locations/address?street=&city=&state=
/// &zip=&benchmark=Public_AR_Current&format=json`; the first of `result.addressMatches` is the
/// building (`coordinates.x` the longitude, `coordinates.y` the latitude). No match: the ZIP
/// centre.
pub struct CensusGeocoder {
    url: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct CensusAnswer {
    result: CensusResult,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CensusResult {
    #[serde(default)]
    address_matches: Vec<CensusMatch>,
}

#[derive(Deserialize)]
struct CensusMatch {
    coordinates: CensusCoordinates,
}

#[derive(Deserialize)]
struct CensusCoordinates {
    x: f64,
    y: f64,
}

impl CensusGeocoder {
    pub fn new(base: &str) -> CensusGeocoder {
        let url = format!("{}/geocoder/locations/address", base.trim_end_matches('/'));
        CensusGeocoder { url, client: client() }
    }

    async fn ask(&self, address: Address<'_>) -> Result<Option<Position>, reqwest::Error> {
        let more = [("benchmark", "Public_AR_Current"), ("format", "json")];
        let found: Option<CensusAnswer> = ask_json(&self.client, &self.url, address, &more).await?;
        let first = found.as_ref().and_then(|f| f.result.address_matches.first());
        Ok(first.and_then(|m| exact(m.coordinates.y, m.coordinates.x)))
    }
}

#[async_trait]
impl Geocoder for CensusGeocoder {
    async fn locate(&self, address: Address<'_>) -> Option<Position> {
        or_zip_centre("Census geocoder", self.ask(address).await, address.zip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zip_centres_are_compiled_in() {
        let austin = zip_centre("78701").unwrap();
        assert!((austin.latitude - 30.27).abs() < 0.05 && (austin.longitude + 97.74).abs() < 0.05);
        assert!(austin.approximate);
        assert_eq!(zip_centre("00000"), None);
        assert!(ZIP_CENTRES.len() > 40_000);
    }
}
