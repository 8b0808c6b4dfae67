//! Which files may be uploaded, and whether their bytes are what their name says. The declared
//! kind is the file name's extension; the content must start the way that kind starts.

/// (extension, content type, how the content starts). Nothing a browser would run as a page (HTML,
/// SVG) can be uploaded, and XML only as a report's data file, which is never served inline; which
/// of these a file type takes is `file_types::accepted_extensions`.
const KINDS: [(&str, &str, Signature); 15] = [
    ("pdf", "application/pdf", Signature::Prefix(&[b"%PDF-"])),
    ("jpg", "image/jpeg", Signature::Prefix(&[b"\xFF\xD8\xFF"])),
    ("jpeg", "image/jpeg", Signature::Prefix(&[b"\xFF\xD8\xFF"])),
    ("png", "image/png", Signature::Prefix(&[b"\x89PNG\r\n\x1a\n"])),
    (
        "heic",
        "image/heic",
        Signature::Brand(&[b"heic", b"heix", b"hevc", b"hevx", b"mif1", b"msf1"]),
    ),
    ("gif", "image/gif", Signature::Prefix(&[b"GIF87a", b"GIF89a"])),
    ("tif", "image/tiff", Signature::Prefix(&[b"II*\0", b"MM\0*"])),
    ("tiff", "image/tiff", Signature::Prefix(&[b"II*\0", b"MM\0*"])),
    ("doc", "application/msword", Signature::Prefix(&[OLE])),
    ("xls", "application/vnd.ms-excel", Signature::Prefix(&[OLE])),
    (
        "docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        Signature::Prefix(&[ZIP]),
    ),
    (
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        Signature::Prefix(&[ZIP]),
    ),
    ("zip", "application/zip", Signature::Prefix(&[ZIP])),
    ("txt", "text/plain; charset=utf-8", Signature::Text),
    // Only a report's data file is XML; its reader checks the content and refuses with a code.
    ("xml", "application/xml", Signature::ReadLater),
];

/// What a lender may attach to an order: documents, images and plain text (no archive, no XML).
pub const LENDER_DOCUMENTS: &[&str] = &[
    "pdf", "jpg", "jpeg", "png", "heic", "gif", "tif", "tiff", "doc", "xls", "docx", "xlsx", "txt",
];

const OLE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
const ZIP: &[u8] = b"PK\x03\x04";

/// Bytes of the start of a file that the checks look at.
pub const SNIFF_BYTES: usize = 512;

#[derive(Clone, Copy, Debug)]
enum Signature {
    Prefix(&'static [&'static [u8]]),
    /// An ISO media file (HEIC): `ftyp` at byte 4, then one of these brands.
    Brand(&'static [&'static [u8]]),
    /// No NUL byte in the start (text, never a binary renamed).
    Text,
    /// Checked whole by the reader of the one file type that takes it.
    ReadLater,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    pub extension: &'static str,
    pub content_type: &'static str,
    signature_index: usize,
}

pub fn extension_of(file_name: &str) -> String {
    file_name.rsplit_once('.').map(|(_, ext)| ext.to_ascii_lowercase()).unwrap_or_default()
}

/// The kind a file name declares, if that kind may be uploaded at all.
pub fn kind_of(file_name: &str) -> Option<FileKind> {
    let extension = extension_of(file_name);
    KINDS.iter().enumerate().find(|(_, (ext, _, _))| *ext == extension).map(
        |(i, (ext, content_type, _))| FileKind { extension: ext, content_type, signature_index: i },
    )
}

/// Whether `kind` may be uploaded for the given extensions only (e.g. E&O policies).
pub fn kind_among(file_name: &str, allowed: &[&str]) -> Option<FileKind> {
    kind_of(file_name).filter(|k| allowed.contains(&k.extension))
}

/// Whether the first bytes of the content (up to SNIFF_BYTES) fit the declared kind.
pub fn content_matches(kind: FileKind, start: &[u8]) -> bool {
    match KINDS[kind.signature_index].2 {
        Signature::Prefix(prefixes) => prefixes.iter().any(|p| start.starts_with(p)),
        Signature::Brand(brands) => {
            start.get(4..8) == Some(&b"ftyp"[..])
                && brands.iter().any(|b| start.get(8..12) == Some(*b))
        }
        Signature::Text => !start.contains(&0),
        Signature::ReadLater => true,
    }
}

/// The content types of the kinds, each once and without parameters, as downloads send them.
pub fn content_types() -> Vec<&'static str> {
    let mut types: Vec<&str> = KINDS
        .iter()
        .map(|(_, content_type, _)| content_type.split(';').next().unwrap_or(content_type))
        .collect();
    types.dedup();
    types
}

pub fn allowed_extensions() -> String {
    KINDS.iter().map(|(ext, _, _)| format!(".{ext}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_must_match_the_declared_kind() {
        let cases: [(&str, &[u8], bool); 12] = [
            ("photo.heic", b"\0\0\0\x18ftypheic\0\0\0\0", true),
            ("photo.heic", b"\0\0\0\x18ftypisom\0\0\0\0", false),
            ("report.pdf", b"%PDF-1.7\n...", true),
            ("report.PDF", b"%PDF-1.4", true),
            ("report.pdf", b"MZ\x90\0\x03", false),
            ("photo.jpg", b"\xFF\xD8\xFF\xE0", true),
            ("photo.png", b"\xFF\xD8\xFF\xE0", false),
            ("letter.docx", b"PK\x03\x04\x14\0", true),
            ("letter.doc", b"PK\x03\x04", false),
            ("old.doc", b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", true),
            ("notes.txt", b"Vacant lot, gate code 1234", true),
            ("notes.txt", b"\x7fELF\x02\x01\x01\0", false),
        ];
        for (name, start, ok) in cases {
            let kind = kind_of(name).expect(name);
            assert_eq!(content_matches(kind, start), ok, "{name}");
        }
    }

    #[test]
    fn unknown_and_missing_extensions_are_refused() {
        for name in [
            "setup.exe",
            "script.sh",
            "archive.tar.gz",
            "noextension",
            "page.html",
            "x.svg",
            "page.xhtml",
        ] {
            assert!(kind_of(name).is_none(), "{name}");
        }
        // XML is a kind only for the data file type's reader: every other type's list leaves it
        // out.
        assert!(
            kind_among("data.xml", crate::features::files::file_types::accepted_extensions(9))
                .is_none()
        );
        assert!(kind_among("policy.docx", &["pdf", "doc", "docx"]).is_some());
        assert!(kind_among("policy.jpg", &["pdf", "doc", "docx"]).is_none());
    }
}
