//! UAD appraisal data files: reading them safely and checking them before delivery.
//!
//! A data file is UAD 2.6 (one XML file, root `VALUATION_RESPONSE`, the report PDF embedded in
//! base64) or UAD 3.6 (a ZIP holding a MISMO 3.6 `MESSAGE` XML, the PDF and images). [`read`]
//! streams the XML once (no DTD, no entity expansion, nothing fetched), takes the values the
//! portal shows and checks, and refuses anything else with a stable code. [`hard_stops`] and
//! [`warnings`] are the checks done before delivery, with UCDP-style codes where UCDP has one.

mod checks;
mod values;
mod xml;
mod zipped;

pub mod samples;

pub use checks::{Finding, OrderFacts, hard_stops, warnings};

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

/// The limits of what is read. The defaults are UCDP's (an XML of at most 15 MB) and the portal's
/// (a ZIP of at most 50 entries and 100 MB expanded).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_xml_bytes: usize,
    pub max_zip_entries: usize,
    pub max_zip_expanded_bytes: u64,
    /// How many times its own size a ZIP may expand to (a higher ratio is a ZIP bomb).
    pub max_zip_ratio: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_xml_bytes: 15 * 1024 * 1024,
            max_zip_entries: 50,
            max_zip_expanded_bytes: 100 * 1024 * 1024,
            max_zip_ratio: 100,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Version {
    Uad26,
    Uad36,
}

impl Version {
    /// "2.6" or "3.6".
    pub fn as_str(self) -> &'static str {
        match self {
            Version::Uad26 => "2.6",
            Version::Uad36 => "3.6",
        }
    }
}

/// Why a file was refused, with its stable code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for Refusal {}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Address {
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

impl Address {
    /// "12 Oak St, Austin, TX 78701", leaving out what is missing.
    pub fn line(&self) -> Option<String> {
        let state_zip = [&self.state, &self.zip].into_iter().flatten().cloned().collect::<Vec<_>>();
        let parts: Vec<String> = [self.street.clone(), self.city.clone()]
            .into_iter()
            .flatten()
            .chain((!state_zip.is_empty()).then(|| state_zip.join(" ")))
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// An appraiser or supervisor as the file names them.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Person {
    pub name: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub license_expires: Option<NaiveDate>,
}

/// The report's PDF as the data file holds it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pdf {
    pub sha256: String,
    /// Starts as a PDF does (`%PDF-`).
    pub is_pdf: bool,
}

impl Pdf {
    fn of(bytes: &[u8]) -> Pdf {
        Pdf { sha256: sha256_hex(bytes), is_pdf: bytes.starts_with(b"%PDF-") }
    }
}

/// What a data file says, normalised: amounts in cents, dates as dates.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub version: Version,
    /// The form of a 2.6 report (FNM1004, FNM1073, ...).
    pub form: Option<String>,
    /// The kind of property of a 3.6 report.
    pub property_kind: Option<String>,
    /// The appraised value as written, and in cents when it is a number.
    pub value_text: Option<String>,
    pub value_cents: Option<i64>,
    pub effective_date: Option<NaiveDate>,
    pub subject: Address,
    /// As is, or subject to repairs, completion or inspection.
    pub basis: Option<String>,
    pub condition: Option<String>,
    pub quality: Option<String>,
    pub appraiser: Person,
    pub supervisor: Option<Person>,
    pub pdf: Option<Pdf>,
    /// The comment and description fields, for the fair-language screening.
    #[serde(default)]
    pub texts: Vec<Text>,
    /// Street, city and place names the file gives (subject, comparables, neighbourhood).
    #[serde(default)]
    pub place_names: Vec<String>,
}

/// A free-text field of the file and where it is ("NEIGHBORHOOD/@_Description").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Text {
    pub location: String,
    pub text: String,
}

/// The text of a PDF, page by page; None when it cannot be read (damaged, encrypted, scanned
/// images only). Never panics, whatever the bytes.
pub fn pdf_pages(bytes: &[u8]) -> Option<Vec<String>> {
    std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes).ok())
        .ok()
        .flatten()
}

/// Reads a data file: a UAD 3.6 ZIP or a UAD 2.6 XML; anything else is `uad.unknown_version`.
pub fn read(bytes: &[u8], limits: &Limits) -> Result<Report, Refusal> {
    if bytes.starts_with(b"PK\x03\x04") {
        zipped::read(bytes, limits)
    } else {
        let found = xml::read(bytes, limits)?;
        match found.root.as_str() {
            "VALUATION_RESPONSE" => Ok(values::uad26(&found)),
            _ => Err(unknown_version()),
        }
    }
}

fn unknown_version() -> Refusal {
    Refusal::new(
        "uad.unknown_version",
        "The data file is neither UAD 2.6 XML (VALUATION_RESPONSE) \
         nor a UAD 3.6 ZIP (a MISMO MESSAGE).",
    )
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
