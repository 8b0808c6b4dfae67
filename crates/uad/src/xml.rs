//! One streaming pass over a data file's XML. Refused: more than the limit (UCDP 9000), not UTF-8
//! or not well-formed (UCDP 9001), any DTD (so no entity is ever declared, let alone expanded, and
//! nothing is fetched). Kept: the root, and the first value of each element and attribute by its
//! name and by its parent's name ("CityName", "ADDRESS/CityName", "PROPERTY/@_City", "@_City"),
//! the element values inside each MISMO `PARTY` (kept apart), the values of the subject property
//! alone (`subject`: inside 3.6's `SUBJECT_PROPERTY`, 2.6's top-level `PROPERTY` and its
//! `COMPARABLE_SALE` of sequence 0), so that a party's or a comparable's address or ratings that
//! come first are never taken for the subject's, the bytes of a UAD 2.6 embedded PDF, and every
//! comment and description (for the fair-language screening) with the place names beside them.

use std::collections::HashMap;

use base64::Engine;
use quick_xml::events::{BytesStart, Event};
use quick_xml::reader::Reader;

use crate::{Limits, Refusal};

#[derive(Debug, Default)]
pub struct Found {
    pub root: String,
    pub root_namespace: Option<String>,
    pub values: HashMap<String, String>,
    pub parties: Vec<HashMap<String, String>>,
    /// The values inside the subject property's containers, keyed like `values`.
    pub subject: HashMap<String, String>,
    pub embedded_pdf: Option<Vec<u8>>,
    /// The free-text comment and description fields, in file order.
    pub texts: Vec<crate::Text>,
    /// Street, city and place names of the subject, the comparables and the neighbourhood.
    pub place_names: Vec<String>,
}

impl Found {
    pub fn get(&self, key: &str) -> Option<String> {
        self.values.get(key).cloned()
    }

    /// A value of the subject property itself.
    pub fn subject(&self, key: &str) -> Option<String> {
        self.subject.get(key).cloned()
    }
}

struct Open {
    name: String,
    text: String,
    /// An `EMBEDDED_FILE` whose `_Type` is PDF.
    holds_pdf: bool,
    /// The `DOCUMENT` of such a file: its text is the PDF in base64.
    embedded_pdf: bool,
    /// This element is the subject property's, or inside it.
    subject: bool,
}

pub fn read(bytes: &[u8], limits: &Limits) -> Result<Found, Refusal> {
    if bytes.len() > limits.max_xml_bytes {
        let mb = limits.max_xml_bytes / (1024 * 1024);
        return Err(Refusal::new(
            "uad.too_large",
            format!("The data file's XML is larger than {mb} MB (UCDP 9000)."),
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| not_utf8())?;
    let mut reader = Reader::from_str(text);
    reader.config_mut().trim_text(false);
    let mut found = Found::default();
    let mut open: Vec<Open> = Vec::new();
    let mut party: Option<(usize, HashMap<String, String>)> = None;
    let mut pdf_text = String::new();
    loop {
        let event = reader.read_event().map_err(|e| not_well_formed(&e.to_string()))?;
        match event {
            Event::DocType(_) => {
                return Err(Refusal::new(
                    "uad.dtd_forbidden",
                    "The data file declares a DTD, which is not allowed (UCDP 9001).",
                ));
            }
            Event::Decl(decl) => {
                if let Some(Ok(encoding)) = decl.encoding() {
                    let encoding = String::from_utf8_lossy(&encoding).to_ascii_uppercase();
                    if encoding != "UTF-8" && encoding != "UTF8" {
                        return Err(not_utf8());
                    }
                }
            }
            Event::Start(start) => {
                let element = begin(&start, &open, &mut found)?;
                if element.name == "PARTY" && party.is_none() {
                    party = Some((open.len(), HashMap::new()));
                }
                open.push(element);
            }
            Event::Empty(start) => {
                begin(&start, &open, &mut found)?;
            }
            Event::Text(t) => {
                let t = t.xml_content().map_err(|e| not_well_formed(&e.to_string()))?;
                push_text(&mut open, &mut pdf_text, &t);
            }
            Event::CData(c) => {
                let c = c.decode().map_err(|e| not_well_formed(&e.to_string()))?;
                push_text(&mut open, &mut pdf_text, &c);
            }
            Event::GeneralRef(r) => {
                let resolved = match r
                    .resolve_char_ref()
                    .map_err(|e| not_well_formed(&e.to_string()))?
                {
                    Some(c) => c,
                    None => predefined(&r.decode().map_err(|e| not_well_formed(&e.to_string()))?)?,
                };
                push_text(&mut open, &mut pdf_text, resolved.encode_utf8(&mut [0; 4]));
            }
            Event::End(_) => {
                let Some(element) = open.pop() else {
                    return Err(not_well_formed("unbalanced end tag"));
                };
                if element.embedded_pdf {
                    // The first embedded PDF is the report's.
                    found.embedded_pdf.get_or_insert_with(|| base64_bytes(&pdf_text));
                    pdf_text.clear();
                }
                let value = element.text.trim();
                if !element.embedded_pdf {
                    let parent = open.last().map(|p| p.name.as_str());
                    keep_free_text(&mut found, parent, &element.name, value);
                }
                if element.subject && !element.embedded_pdf {
                    let parent = open.last().map(|p| p.name.as_str());
                    remember(&mut found.subject, parent, &element.name, value);
                }
                if !value.is_empty() && !element.embedded_pdf {
                    match party.as_mut() {
                        Some((_, values)) => {
                            values.entry(element.name.clone()).or_insert_with(|| value.to_string());
                        }
                        None => {
                            let parent = open.last().map(|p| p.name.as_str());
                            remember(&mut found.values, parent, &element.name, value);
                        }
                    }
                }
                if party.as_ref().is_some_and(|(depth, _)| *depth == open.len()) {
                    found.parties.push(party.take().map(|(_, v)| v).unwrap_or_default());
                }
            }
            Event::Eof => break,
            Event::Comment(_) | Event::PI(_) => {}
        }
    }
    if !open.is_empty() || found.root.is_empty() {
        return Err(not_well_formed("the document ends inside an element"));
    }
    Ok(found)
}

/// Records an element's attributes and, for the root, its name and namespace.
fn begin(start: &BytesStart, open: &[Open], found: &mut Found) -> Result<Open, Refusal> {
    let name = String::from_utf8_lossy(start.local_name().as_ref()).into_owned();
    let prefix = start.name().prefix().map(|p| String::from_utf8_lossy(p.as_ref()).into_owned());
    let parent = open.last().map(|p| p.name.as_str());
    let mut holds_pdf = false;
    let mut subject = open.last().is_some_and(|p| p.subject)
        || name == "SUBJECT_PROPERTY"
        || (name == "PROPERTY" && open.len() == 1);
    let mut attributes = Vec::new();
    for attribute in start.attributes() {
        let attribute = attribute.map_err(|e| not_well_formed(&e.to_string()))?;
        let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
        let value = attribute.unescape_value().map_err(|e| not_well_formed(&e.to_string()))?;
        if open.is_empty()
            && (key == "xmlns" && prefix.is_none()
                || prefix.as_ref().is_some_and(|p| key == format!("xmlns:{p}")))
        {
            found.root_namespace = Some(value.to_string());
        }
        let local = key.rsplit(':').next().unwrap_or(&key).to_string();
        holds_pdf |=
            name == "EMBEDDED_FILE" && local == "_Type" && value.trim().eq_ignore_ascii_case("PDF");
        subject |= name == "COMPARABLE_SALE"
            && local == "PropertySequenceIdentifier"
            && value.trim() == "0";
        attributes.push((local, value.trim().to_string()));
    }
    for (local, value) in &attributes {
        keep_free_text(found, Some(&name), &format!("@{local}"), value);
        let mut kept = vec![&mut found.values];
        if subject {
            kept.push(&mut found.subject);
        }
        for values in kept {
            if !value.is_empty() {
                values.entry(format!("@{local}")).or_insert_with(|| value.clone());
            }
            remember(values, parent, &format!("{name}/@{local}"), value);
        }
    }
    if open.is_empty() {
        found.root = name.clone();
    }
    let embedded_pdf = name == "DOCUMENT" && open.last().is_some_and(|p| p.holds_pdf);
    Ok(Open { name, text: String::new(), holds_pdf, embedded_pdf, subject })
}

/// Names of comment and description fields (not their codes: `...Type`, `...Indicator`).
fn is_free_text(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    (upper.contains("COMMENT") || upper.contains("DESCRIPTION"))
        && !(upper.ends_with("TYPE")
            || upper.ends_with("INDICATOR")
            || upper.ends_with("IDENTIFIER"))
}

/// Names of fields holding a street, city, neighbourhood or other place name.
fn is_place_name(name: &str) -> bool {
    const PLACES: [&str; 13] = [
        "AddressLineText",
        "StreetName",
        "CityName",
        "CountyName",
        "NeighborhoodName",
        "SubdivisionName",
        "ProjectName",
        "@_StreetAddress",
        "@_City",
        "@_County",
        "@_ProjectName",
        "@PropertyStreetAddress",
        "@SubdivisionName",
    ];
    PLACES.contains(&name)
}

/// Keeps a comment or description with where it was found, and a place name.
fn keep_free_text(found: &mut Found, parent: Option<&str>, name: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    if is_free_text(name) {
        let location = parent.map_or(name.to_string(), |p| format!("{p}/{name}"));
        found.texts.push(crate::Text { location, text: value.to_string() });
    } else if is_place_name(name)
        && !matches!(parent, Some("APPRAISER" | "SUPERVISOR"))
        && !found.place_names.iter().any(|known| known == value)
    {
        found.place_names.push(value.to_string());
    }
}

fn base64_bytes(text: &str) -> Vec<u8> {
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(compact).unwrap_or_default()
}

fn push_text(open: &mut [Open], pdf_text: &mut String, text: &str) {
    if let Some(current) = open.last_mut() {
        if current.embedded_pdf {
            pdf_text.push_str(text);
        } else {
            current.text.push_str(text);
        }
    }
}

/// The first value under `name` and under `parent/name`.
fn remember(values: &mut HashMap<String, String>, parent: Option<&str>, name: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    values.entry(name.to_string()).or_insert_with(|| value.to_string());
    if let Some(parent) = parent {
        values.entry(format!("{parent}/{name}")).or_insert_with(|| value.to_string());
    }
}

/// The five entities XML predefines; any other is undeclared, since no DTD is allowed.
fn predefined(name: &str) -> Result<char, Refusal> {
    Ok(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        other => return Err(not_well_formed(&format!("undeclared entity &{other};"))),
    })
}

fn not_utf8() -> Refusal {
    Refusal::new("uad.not_utf8", "The data file is not UTF-8 (UCDP 9001).")
}

fn not_well_formed(why: &str) -> Refusal {
    Refusal::new(
        "uad.not_well_formed",
        format!("The data file is not well-formed XML: {why} (UCDP 9001)."),
    )
}
