//! A realistic order and helpers that read a PDF back with poppler's `pdftotext` / `pdfinfo`.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

use portal_pdf::{PrintableContact, PrintableHistory, PrintableOrder};

fn pair(label: &str, value: &str) -> (String, String) {
    (label.to_string(), value.to_string())
}

pub fn sample_order() -> PrintableOrder {
    PrintableOrder {
        order_id: 48213,
        file_number: "PV-2026-00417".into(),
        loan_number: Some("LN-7730021".into()),
        fha_case_id: None,
        status: "scheduled".into(),
        printed_at: "11/22/2026 9:14 AM CST".into(),
        property: vec![
            pair("Address", "1418 Cottonwood Ln, Ames, IA 50010"),
            pair("County", "Story"),
            pair("Property Type", "Single Family Residence"),
            pair("Intended Use", "Purchase"),
            pair("Year Built", "1998"),
        ],
        financial: vec![
            pair("Appraiser Fee", "$450.00"),
            pair("Tech Fee", "$4.00"),
            pair("Purchase Price", "$318,500.00"),
        ],
        dates: vec![
            pair("Create Date", "11/18/2026"),
            pair("Appraiser Due Date", "11/29/2026"),
            pair("Inspection Due Date", "11/24/2026"),
        ],
        report_types: vec![
            "1004 Uniform Residential Appraisal Report".into(),
            "1007 Single Family Comparable Rent Schedule".into(),
        ],
        client: vec![
            pair("Ordered By", "Heartland Mortgage Co."),
            pair("Address", "200 Main St, Suite 4, Des Moines, IA 50309"),
        ],
        contacts: Some(vec![
            PrintableContact {
                kind: "Borrower".into(),
                name: "Marisol Quintero".into(),
                email: "marisol.quintero@example.com".into(),
                phones: vec!["(515) 555-0142".into(), "(515) 555-0199".into()],
            },
            PrintableContact {
                kind: "Listing Agent".into(),
                name: "Dale Whitcomb".into(),
                email: "dale@prairie-realty.example".into(),
                phones: vec!["(515) 555-0170".into()],
            },
        ]),
        notes: "Gate code 4417. Call the borrower 24 hours before the inspection.\n\
                Dog on premises — friendly.\n\n\
                Rush: lender needs the report before closing on 12/02."
            .into(),
        history: vec![
            PrintableHistory {
                date: "11/20/2026 2:05 PM".into(),
                status: "Scheduled".into(),
                message: "Inspection scheduled for 11/24/2026 10:00 AM with the borrower.".into(),
            },
            PrintableHistory {
                date: "11/19/2026 8:41 AM".into(),
                status: "Accepted".into(),
                message: "Order accepted by Prairie Valuation Partners.".into(),
            },
            PrintableHistory {
                date: "11/18/2026 4:12 PM".into(),
                status: "New".into(),
                message: "Order created.".into(),
            },
        ],
    }
}

/// Writes the PDF under the target dir's test temp folder (kept for a look) and returns its path.
pub fn write_temp(name: &str, pdf: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("portal-pdf");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    path
}

fn poppler(tool: &str, args: &[&str], path: &PathBuf) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(path)
        .args(if tool == "pdftotext" { &["-"][..] } else { &[][..] })
        .output()
        .unwrap_or_else(|e| {
            panic!("{tool} is needed for these tests (apt-get install -y poppler-utils): {e}")
        });
    assert!(
        out.status.success(),
        "{tool} failed on {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("poppler prints UTF-8")
}

/// The PDF's text in reading order, as poppler extracts it.
pub fn pdf_text(name: &str, pdf: &[u8]) -> String {
    poppler("pdftotext", &["-enc", "UTF-8"], &write_temp(name, pdf))
}

/// The PDF's page text with the layout kept, for checks that depend on line positions.
pub fn pdf_text_layout(name: &str, pdf: &[u8]) -> String {
    poppler("pdftotext", &["-enc", "UTF-8", "-layout"], &write_temp(name, pdf))
}

pub fn pdf_pages(name: &str, pdf: &[u8]) -> usize {
    let info = poppler("pdfinfo", &[], &write_temp(name, pdf));
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .expect("pdfinfo prints Pages:")
        .trim()
        .parse()
        .unwrap()
}

pub fn pdf_info(name: &str, pdf: &[u8]) -> String {
    poppler("pdfinfo", &[], &write_temp(name, pdf))
}
