//! UAD 3.6: a ZIP of at most 50 entries and 100 MB expanded (counted as it is read, not as the
//! headers claim), no entry named with `..` or from the root, one MISMO `MESSAGE` XML and one PDF.

use std::io::{Cursor, Read};

use crate::xml;
use crate::{Limits, Pdf, Refusal, Report, unknown_version, values};

pub const MISMO_NAMESPACE: &str = "http://www.mismo.org/residential/2009/schemas";

pub fn read(bytes: &[u8], limits: &Limits) -> Result<Report, Refusal> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        Refusal::new("uad.zip_unreadable", format!("The data file is not a readable ZIP: {e}."))
    })?;
    if archive.len() > limits.max_zip_entries {
        return Err(unsafe_zip(format!(
            "it has {} entries; at most {} are allowed",
            archive.len(),
            limits.max_zip_entries
        )));
    }
    let mut expanded = 0u64;
    let mut message = None;
    let mut pdfs = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| unsafe_zip(e.to_string()))?;
        let name = entry.name().to_string();
        if name.split(['/', '\\']).any(|part| part == "..")
            || name.starts_with(['/', '\\'])
            || name.contains(':')
        {
            return Err(unsafe_zip(format!("the entry name '{name}' leaves the archive")));
        }
        let room = limits.max_zip_expanded_bytes - expanded;
        let mut content = Vec::new();
        (&mut entry)
            .take(room + 1)
            .read_to_end(&mut content)
            .map_err(|e| unsafe_zip(e.to_string()))?;
        expanded += content.len() as u64;
        if expanded > limits.max_zip_expanded_bytes {
            let mb = limits.max_zip_expanded_bytes / (1024 * 1024);
            return Err(unsafe_zip(format!("it expands to more than {mb} MB")));
        }
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".xml") {
            if message.is_some() {
                return Err(unknown_version());
            }
            message = Some(content);
        } else if lower.ends_with(".pdf") {
            pdfs.push(content);
        }
    }
    let (Some(message), [pdf]) = (message, pdfs.as_slice()) else { return Err(unknown_version()) };
    let found = xml::read(&message, limits)?;
    if found.root != "MESSAGE" || found.root_namespace.as_deref() != Some(MISMO_NAMESPACE) {
        return Err(unknown_version());
    }
    Ok(values::uad36(&found, Pdf::of(pdf)))
}

fn unsafe_zip(why: String) -> Refusal {
    Refusal::new("uad.zip_unsafe", format!("The data file's ZIP is refused: {why}."))
}
