//! UAD 3.6: a ZIP of at most 50 entries, expanding to at most 100 MB and 100 times its own size
//! (the sizes its directory declares are checked before anything is unpacked, and the bytes
//! actually unpacked are counted as they are read), no entry named with `..` or from the root,
//! one MISMO `MESSAGE` XML and one PDF. Only those two are kept in memory; every other entry is
//! read through and dropped.

use std::io::{Cursor, Read, Seek};

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
    let ceiling =
        limits.max_zip_expanded_bytes.min(limits.max_zip_ratio.saturating_mul(bytes.len() as u64));
    check_declared_sizes(&mut archive, limits, ceiling)?;
    let mut expanded = 0u64;
    let mut message = None;
    let mut pdfs = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| unsafe_zip(e.to_string()))?;
        let name = entry.name().to_string();
        check_name(&name)?;
        let lower = name.to_ascii_lowercase();
        let keep = lower.ends_with(".xml") || lower.ends_with(".pdf");
        let room = ceiling - expanded;
        let mut limited = (&mut entry).take(room + 1);
        let read = if keep {
            let mut content = Vec::new();
            limited.read_to_end(&mut content).map_err(|e| unsafe_zip(e.to_string()))?;
            let read = content.len() as u64;
            if lower.ends_with(".xml") {
                if message.is_some() {
                    return Err(unknown_version());
                }
                message = Some(content);
            } else {
                pdfs.push(content);
            }
            read
        } else {
            std::io::copy(&mut limited, &mut std::io::sink())
                .map_err(|e| unsafe_zip(e.to_string()))?
        };
        expanded += read;
        if expanded > ceiling {
            return Err(too_big(limits));
        }
    }
    let (Some(message), [pdf]) = (message, pdfs.as_slice()) else { return Err(unknown_version()) };
    let found = xml::read(&message, limits)?;
    if found.root != "MESSAGE" || found.root_namespace.as_deref() != Some(MISMO_NAMESPACE) {
        return Err(unknown_version());
    }
    Ok(values::uad36(&found, Pdf::of(pdf)))
}

fn check_name(name: &str) -> Result<(), Refusal> {
    if name.split(['/', '\\']).any(|part| part == "..")
        || name.starts_with(['/', '\\'])
        || name.contains(':')
    {
        return Err(unsafe_zip(format!("the entry name '{name}' leaves the archive")));
    }
    Ok(())
}

/// Refuses, before unpacking, a ZIP whose directory declares more than it may expand to.
fn check_declared_sizes<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    limits: &Limits,
    ceiling: u64,
) -> Result<(), Refusal> {
    let mut declared = 0u64;
    for i in 0..archive.len() {
        let entry = archive.by_index_raw(i).map_err(|e| unsafe_zip(e.to_string()))?;
        declared = declared.saturating_add(entry.size());
    }
    if declared > ceiling {
        return Err(too_big(limits));
    }
    Ok(())
}

fn too_big(limits: &Limits) -> Refusal {
    let mb = limits.max_zip_expanded_bytes / (1024 * 1024);
    let ratio = limits.max_zip_ratio;
    unsafe_zip(format!(
        "it expands to more than {mb} MB or to more than {ratio} times its own size"
    ))
}

fn unsafe_zip(why: String) -> Refusal {
    Refusal::new("uad.zip_unsafe", format!("The data file's ZIP is refused: {why}."))
}
