//! Renders real PDFs and reads them back with poppler (`pdftotext`, `pdfinfo`, `pdffonts`).

mod common;

use std::time::{Duration, Instant};

use common::{pdf_info, pdf_pages, pdf_text, pdf_text_layout, sample_order, write_temp};
use portal_pdf::{PrintableHistory, PrintableOrder, render_order};

/// Collapses runs of whitespace so checks don't depend on where a line wrapped.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// True when some printed line shows `label` followed by `value` (pdftotext -layout keeps rows).
fn row(layout: &str, label: &str, value: &str) -> bool {
    layout.lines().map(squash).any(|l| {
        l.find(label).is_some_and(|i| l[i + label.len()..].trim_start().starts_with(value))
    })
}

fn position(haystack: &str, needle: &str) -> usize {
    haystack.find(needle).unwrap_or_else(|| panic!("{needle:?} not found in:\n{haystack}"))
}

#[test]
fn realistic_order_prints_every_section_in_order() {
    let pdf = render_order(&sample_order()).expect("renders");
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    let text = squash(&pdf_text("realistic", &pdf));

    let layout = pdf_text_layout("realistic", &pdf);
    for (label, value) in [
        ("Address", "1418 Cottonwood Ln, Ames, IA 50010"),
        ("Year Built", "1998"),
        ("Appraiser Fee", "$450.00"),
        ("Purchase Price", "$318,500.00"),
        ("Appraiser Due Date", "11/29/2026"),
        ("Loan Number", "LN-7730021"),
        ("FHA Case ID", "Not provided"),
        ("Ordered By", "Heartland Mortgage Co."),
        ("Borrower", "Marisol Quintero"),
    ] {
        assert!(row(&layout, label, value), "no row {label:?} {value:?} in:\n{layout}");
    }

    for needle in [
        "Order #PV-2026-00417",
        "Order ID: 48213",
        "Status: scheduled",
        "Printed: 11/22/2026 9:14 AM CST",
        "1004 Uniform Residential Appraisal Report",
        "Marisol Quintero",
        "marisol.quintero@example.com",
        "(515) 555-0199",
        "Listing Agent",
        "Gate code 4417.",
        "Inspection scheduled for 11/24/2026 10:00 AM with the borrower.",
        "Order accepted by Prairie Valuation Partners.",
        "Page 1 of 1",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }

    let sections = [
        "Property Information",
        "Financial Information",
        "Dates & References",
        "Report Types",
        "Client Information",
        "Contact Information",
        "Notes & Instructions",
        "History",
    ];
    let positions: Vec<usize> = sections.iter().map(|s| position(&text, s)).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "sections out of order: {positions:?}");
    // History newest first, as given.
    assert!(position(&text, "Order created.") > position(&text, "Order accepted by"));
    assert!(!text.contains("Contact information will be visible"));

    let info = pdf_info("realistic", &pdf);
    assert!(info.contains("Pages:           1"), "{info}");
    assert!(info.contains("(letter)"), "not letter size: {info}");
    assert!(info.contains("Title:           Order #PV-2026-00417"), "{info}");
}

#[test]
fn fonts_are_embedded() {
    let pdf = render_order(&sample_order()).unwrap();
    let path = write_temp("fonts", &pdf);
    let out = std::process::Command::new("pdffonts")
        .arg(&path)
        .output()
        .expect("pdffonts (poppler-utils)");
    let listing = String::from_utf8(out.stdout).unwrap();
    let fonts: Vec<&str> = listing.lines().skip(2).collect();
    assert!(!fonts.is_empty(), "no fonts listed:\n{listing}");
    for line in fonts {
        assert!(line.contains("LiberationSans"), "unexpected font: {line}");
        // Columns: name type encoding emb sub uni ...
        let cols: Vec<&str> = line.split_whitespace().collect();
        let emb = cols[cols.len() - 5];
        assert_eq!(emb, "yes", "font not embedded: {line}");
    }
}

#[test]
fn hostile_text_prints_literally_and_never_runs() {
    let hostile = [
        r#"#panic("x")"#,
        "$x$",
        "<script>alert(1)</script>",
        r#"#import "@preview/cetz:0.3.0": *"#,
        "#set page(width: 1cm)",
        "*not bold* _not italic_ `raw`",
        "] } ) [ { (",
        r"back\slash \# @ref <label> // not a comment /* nor this */",
        "= Not a heading",
        "-- --- ... 'single' \"double\"",
    ];
    let mut order = sample_order();
    order.file_number = r#"#panic("x")"#.into();
    order.status = "$x$".into();
    order.printed_at = "<script>alert(1)</script>".into();
    order.loan_number = Some("] #text(red)[pwned]".into());
    order.property.push(("#panic(\"label\")".into(), hostile.join(" | ")));
    order.report_types.push("$ sum_(i=0)^n i $".into());
    order.client.push(("Ordered By".into(), "#import \"x.typ\"".into()));
    if let Some(contacts) = order.contacts.as_mut() {
        contacts[0].name = "<script>alert(1)</script>".into();
        contacts[0].email = "#link(\"https://evil.example\")".into();
        contacts[0].phones = vec!["#panic(\"phone\")".into()];
    }
    order.notes = hostile.join("\n");
    order.history[0].message = hostile.join(" ");
    order.history[0].status = "*Scheduled*".into();

    let pdf = render_order(&order).expect("hostile text must render, not fail");
    let flat = squash(&pdf_text("hostile", &pdf));

    assert!(flat.contains(r#"Order ##panic("x")"#), "{flat}");
    assert!(flat.contains("Status: $x$"), "{flat}");
    assert!(flat.contains("Printed: <script>alert(1)</script>"), "{flat}");
    let layout = pdf_text_layout("hostile", &pdf);
    assert!(row(&layout, "Loan Number", "] #text(red)[pwned]"), "{layout}");
    assert!(row(&layout, "#panic(\"label\")", "#panic(\"x\") | $x$"), "{layout}");
    assert!(flat.contains("$ sum_(i=0)^n i $"), "{flat}");
    assert!(flat.contains("#import \"x.typ\""), "{flat}");
    assert!(flat.contains("#link(\"https://evil.example\")"), "{flat}");
    assert!(flat.contains("#panic(\"phone\")"), "{flat}");
    assert!(flat.contains("*Scheduled*"), "{flat}");
    // Compared without spaces: pdftotext drops the narrow gaps in "] } ) [ { (".
    let bare = |s: &str| s.split_whitespace().collect::<String>();
    for h in hostile {
        // Once in the property row, once in the notes, once in the history message.
        let n = bare(&flat).matches(&bare(h)).count();
        assert!(n >= 3, "{h:?} printed {n} times, expected 3:\n{flat}");
    }
    // The notes keep their line breaks: each hostile line is its own line in the PDF.
    for h in hostile {
        assert!(layout.lines().any(|l| bare(l) == bare(h)), "{h:?} not on its own line:\n{layout}");
    }
    // `#set page(width: 1cm)` did not run: the pages are still letter size.
    let info = pdf_info("hostile", &pdf);
    assert!(info.contains("(letter)"), "{info}");
}

#[test]
fn windows_line_endings_tabs_and_control_characters_print_cleanly() {
    let mut order = sample_order();
    order.notes = "First line\r\nSecond\tline\rThird line\u{0}\u{7}\u{1b}[31m end".into();
    let pdf = render_order(&order).unwrap();
    let layout = pdf_text_layout("control", &pdf);
    let lines: Vec<String> = layout.lines().map(squash).collect();
    for expected in ["First line", "Second line", "Third line[31m end"] {
        assert!(lines.iter().any(|l| l == expected), "{expected:?} not a line of:\n{layout}");
    }
}

#[test]
fn unassigned_appraiser_sees_the_hidden_contacts_sentence() {
    let mut order = sample_order();
    order.contacts = None;
    let pdf = render_order(&order).unwrap();
    let text = squash(&pdf_text("no-contacts", &pdf));
    assert!(
        text.contains(
            "Contact Information Contact information will be visible once \
             you're assigned to this order Notes & Instructions"
        ),
        "{text}"
    );
    assert!(!text.contains("Marisol Quintero"));
    assert!(!text.contains("marisol.quintero@example.com"));
}

#[test]
fn empty_sections_say_none() {
    let order = PrintableOrder {
        order_id: 7,
        file_number: "E-1".into(),
        status: "new".into(),
        printed_at: "11/22/2026 9:14 AM CST".into(),
        contacts: Some(vec![]),
        ..Default::default()
    };
    let pdf = render_order(&order).unwrap();
    let text = squash(&pdf_text("empty", &pdf));
    for (section, next) in [
        ("Property Information", "Financial Information"),
        ("Financial Information", "Dates & References"),
        ("Report Types", "Client Information"),
        ("Client Information", "Contact Information"),
        ("Contact Information", "Notes & Instructions"),
        ("Notes & Instructions", "History"),
    ] {
        let expected = format!("{section} None {next}");
        assert!(text.contains(&expected), "{expected:?} missing from:\n{text}");
    }
    let layout = pdf_text_layout("empty", &pdf);
    assert!(row(&layout, "Loan Number", "Not provided"), "{layout}");
    assert!(row(&layout, "FHA Case ID", "Not provided"), "{layout}");
    assert!(text.contains("History No history records available for this order."), "{text}");
}

#[test]
fn long_notes_wrap_inside_the_page() {
    let mut order = sample_order();
    let sentence =
        "The borrower asked that the appraiser park on the street and use the side gate. ";
    order.notes = sentence.repeat(60);
    order.history[0].message = sentence.repeat(5);
    // No break opportunity at all, e.g. a pasted link or token.
    let token = format!("https://lender.example/portal/{}", "a1b2c3d4e5".repeat(15));
    order.notes.push_str(&format!("\n{token}"));
    order.property.push(("Listing".into(), token.clone()));
    let pdf = render_order(&order).unwrap();
    let text = pdf_text("long-notes", &pdf);
    assert_eq!(squash(&text).matches("use the side gate.").count(), 65);
    // The unbreakable token is broken across lines but complete, in the property row and the notes.
    let bare: String = text.split_whitespace().collect();
    assert_eq!(bare.matches(&token).count(), 2, "{text}");
    // Wrapped: no extracted line is longer than a letter page's text width allows.
    let layout = pdf_text_layout("long-notes", &pdf);
    let widest = layout.lines().map(|l| l.trim_end().chars().count()).max().unwrap();
    assert!(widest < 140, "a line ran off the page ({widest} chars):\n{layout}");
    assert!(pdf_pages("long-notes", &pdf) >= 2);
}

#[test]
fn long_history_paginates_with_the_header_on_every_page() {
    let mut order = sample_order();
    order.history = (0..300)
        .rev()
        .map(|i| PrintableHistory {
            date: format!("11/{:02}/2026 {}:{:02} AM", 1 + i % 28, 1 + i % 11, i % 60),
            status: ["New", "Accepted", "Scheduled", "Inspected", "Revision Requested"][i % 5]
                .into(),
            message: format!(
                "History entry number {i}: status changed and the client was notified by e-mail."
            ),
        })
        .collect();

    let started = Instant::now();
    let pdf = render_order(&order).unwrap();
    let took = started.elapsed();
    // Generous for a debug build on a busy 2-core machine; a release build takes far less.
    assert!(took < Duration::from_secs(60), "300 history rows took {took:?}");

    let pages = pdf_pages("long-history", &pdf);
    assert!(pages > 3, "300 rows on only {pages} pages");
    let text = squash(&pdf_text("long-history", &pdf));
    assert!(text.contains("History entry number 299:"));
    assert!(text.contains("History entry number 0:"));
    assert!(
        position(&text, "History entry number 299:") < position(&text, "History entry number 0:")
    );
    assert!(text.contains(&format!("Page {pages} of {pages}")), "{text}");
    // The table header repeats on each page the table continues onto.
    let headers = text.matches("Date Status Message").count();
    assert!(headers >= pages - 1, "{headers} table headers on {pages} pages");
    println!("300 history rows: {pages} pages, {} bytes, {took:?}", pdf.len());
}

#[test]
fn renders_from_several_threads_at_once() {
    let handles: Vec<_> = (0..3)
        .map(|i| {
            std::thread::spawn(move || {
                let mut order = sample_order();
                order.file_number = format!("T-{i}");
                render_order(&order).unwrap()
            })
        })
        .collect();
    for (i, h) in handles.into_iter().enumerate() {
        let pdf = h.join().unwrap();
        assert!(squash(&pdf_text(&format!("thread-{i}"), &pdf)).contains(&format!("Order #T-{i}")));
    }
}

/// Timing for the report:
/// `cargo test --release -p portal-pdf --test render -- --ignored --nocapture`.
#[test]
#[ignore]
fn timing_of_a_typical_order() {
    let order = sample_order();
    let started = Instant::now();
    let first = render_order(&order).unwrap();
    let first_took = started.elapsed();
    let runs = 20;
    let started = Instant::now();
    for _ in 0..runs {
        render_order(&order).unwrap();
    }
    let each = started.elapsed() / runs;
    println!(
        "typical order: first render {first_took:?} (builds the engine), \
         then {each:?} per render, {} bytes",
        first.len()
    );
}

fn sample_invoice() -> portal_pdf::PrintableLedger {
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    portal_pdf::PrintableLedger {
        heading: "Invoice".into(),
        number: "INV-2026-000123".into(),
        issuer: vec!["Appraisal Portal AMC".into(), "1 Main St, Austin, TX 78701".into()],
        party_label: "Bill To".into(),
        party: vec!["First Prairie Bank".into(), "#import \"x.typ\": *".into()],
        facts: vec![pair("Issued", "11/26/2026"), pair("Due", "12/26/2026")],
        columns: vec!["Order".into(), "Property".into(), "Amount".into()],
        rows: vec![vec!["730100".into(), "12 Oak St, Austin, TX".into(), "$600.00".into()]],
        totals: vec![pair("Total", "$600.00"), pair("Balance Due", "$600.00")],
        note: "Pay within 30 days.".into(),
    }
}

#[test]
fn an_invoice_prints_its_number_rows_and_totals_and_user_text_literally() {
    let pdf = portal_pdf::render_ledger(&sample_invoice()).expect("renders");
    let layout = pdf_text_layout("invoice", &pdf);
    let text = squash(&pdf_text("invoice", &pdf));
    for expected in ["Invoice", "INV-2026-000123", "Bill To", "First Prairie Bank", "12 Oak St"] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    assert!(text.contains("#import \"x.typ\": *"), "user text prints as typed: {text}");
    assert!(row(&layout, "Balance Due", "$600.00"), "{layout}");
    assert!(row(&layout, "Due", "12/26/2026"), "{layout}");
}

#[test]
fn a_row_that_does_not_fit_the_columns_is_refused() {
    let mut ledger = sample_invoice();
    ledger.rows.push(vec!["only one cell".into()]);
    assert!(portal_pdf::render_ledger(&ledger).is_err());
}
