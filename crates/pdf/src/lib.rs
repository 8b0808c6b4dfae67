//! The printed order and the money documents (invoices, credit notes, statements): letter-size
//! PDFs made with Typst.
//!
//! The layouts live in `templates/order.typ` and `templates/ledger.typ`. The order's data never
//! becomes Typst markup: it is handed to the template as a dictionary (`sys.inputs`) of plain
//! strings, and the template only places those strings as text. So user text such as `#import`,
//! `*bold*`, `$x$` or `]` prints literally and can never run as Typst code.
//!
//! The fonts (Liberation Sans, SIL OFL 1.1, see `fonts/LICENSE-Liberation.txt`) are compiled
//! into the binary: no system fonts, files or network are needed at run time.

use std::sync::LazyLock;

use typst::foundations::{Array, Dict, IntoValue, Value};
use typst_as_lib::TypstEngine;
use typst_as_lib::TypstTemplateMainFile;
use typst_layout::PagedDocument;

static TEMPLATE: &str = include_str!("../templates/order.typ");
static LEDGER_TEMPLATE: &str = include_str!("../templates/ledger.typ");

static FONTS: [&[u8]; 3] = [
    include_bytes!("../fonts/LiberationSans-Regular.ttf"),
    include_bytes!("../fonts/LiberationSans-Bold.ttf"),
    include_bytes!("../fonts/LiberationSans-Italic.ttf"),
];

/// Built once: parsing the fonts and the standard library is the slow part of a first render.
static ENGINE: LazyLock<TypstEngine<TypstTemplateMainFile>> =
    LazyLock::new(|| TypstEngine::builder().main_file(TEMPLATE).fonts(FONTS).build());
static LEDGER_ENGINE: LazyLock<TypstEngine<TypstTemplateMainFile>> =
    LazyLock::new(|| TypstEngine::builder().main_file(LEDGER_TEMPLATE).fonts(FONTS).build());

/// An invoice, credit note or statement, already formatted for display by the caller.
#[derive(Debug, Clone, Default)]
pub struct PrintableLedger {
    /// "Invoice", "Credit Note", "Statement"
    pub heading: String,
    /// "INV-2026-000123", or the statement's month
    pub number: String,
    /// The company's name and address, one line each.
    pub issuer: Vec<String>,
    /// "Bill To"
    pub party_label: String,
    pub party: Vec<String>,
    /// Issued, Due, Order, Terms, ...
    pub facts: Vec<(String, String)>,
    /// The table's headings; the last column is set right (amounts).
    pub columns: Vec<String>,
    /// As many cells per row as columns.
    pub rows: Vec<Vec<String>>,
    /// Total, Paid, Balance Due, ...
    pub totals: Vec<(String, String)>,
    /// Plain text; may be empty.
    pub note: String,
}

/// Everything the printed order shows, already formatted for display by the caller.
#[derive(Debug, Clone, Default)]
pub struct PrintableOrder {
    pub order_id: i64,
    pub file_number: String,
    pub loan_number: Option<String>,
    pub fha_case_id: Option<String>,
    /// e.g. "scheduled"
    pub status: String,
    /// Already formatted by the caller, e.g. "11/22/2026 9:14 AM CST".
    pub printed_at: String,
    /// Label/value rows: Address, County, Property Type, Intended Use, Year Built, ...
    pub property: Vec<(String, String)>,
    /// Appraiser Fee "$450.00", Tech Fee, Purchase Price, ...
    pub financial: Vec<(String, String)>,
    /// Create Date, Appraiser Due Date, Inspection Due Date, ...
    pub dates: Vec<(String, String)>,
    pub report_types: Vec<String>,
    /// Ordered By, Address, ...
    pub client: Vec<(String, String)>,
    /// `None` while the appraiser is not assigned: the PDF then says so instead of listing
    /// contacts.
    pub contacts: Option<Vec<PrintableContact>>,
    /// Plain text (the caller strips HTML); may be empty. Line breaks are kept.
    pub notes: String,
    /// Newest first.
    pub history: Vec<PrintableHistory>,
}

#[derive(Debug, Clone, Default)]
pub struct PrintableContact {
    pub kind: String,
    pub name: String,
    pub email: String,
    pub phones: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct PrintableHistory {
    pub date: String,
    pub status: String,
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("The order could not be laid out: {0}")]
    Layout(String),
    #[error("The PDF could not be written: {0}")]
    Export(String),
}

/// Renders the printed order as PDF bytes.
pub fn render_order(order: &PrintableOrder) -> Result<Vec<u8>, PdfError> {
    render(&ENGINE, inputs(order))
}

/// Renders an invoice, credit note or statement as PDF bytes.
pub fn render_ledger(ledger: &PrintableLedger) -> Result<Vec<u8>, PdfError> {
    let width = ledger.columns.len();
    if let Some(row) = ledger.rows.iter().find(|r| r.len() != width) {
        return Err(PdfError::Layout(format!("a row of {} cells for {width} columns", row.len())));
    }
    render(&LEDGER_ENGINE, ledger_inputs(ledger))
}

fn render(engine: &TypstEngine<TypstTemplateMainFile>, input: Dict) -> Result<Vec<u8>, PdfError> {
    let document: PagedDocument =
        engine.compile_with_input(input).output.map_err(|e| PdfError::Layout(e.to_string()))?;
    typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default()).map_err(|diags| {
        let messages: Vec<String> = diags.iter().map(|d| d.message.to_string()).collect();
        PdfError::Export(messages.join("; "))
    })
}

fn ledger_inputs(l: &PrintableLedger) -> Dict {
    let mut d = Dict::new();
    let title = format!("{} {}", l.heading, l.number);
    let strings = |items: &[String]| list(items.iter().map(|s| text(s)));
    for (key, value) in [
        ("title", text(&title)),
        ("heading", text(&l.heading)),
        ("number", text(&l.number)),
        ("issuer", strings(&l.issuer)),
        ("party_label", text(&l.party_label)),
        ("party", strings(&l.party)),
        ("facts", rows(&l.facts)),
        ("columns", strings(&l.columns)),
        ("rows", list(l.rows.iter().map(|r| strings(r)))),
        ("totals", rows(&l.totals)),
        ("note", text(&l.note)),
    ] {
        d.insert(key.into(), value);
    }
    d
}

/// The template's `sys.inputs`: only strings, arrays and dictionaries, never markup.
fn inputs(order: &PrintableOrder) -> Dict {
    let mut d = Dict::new();
    let mut put = |key: &str, value: Value| {
        d.insert(key.into(), value);
    };
    put("order_id", order.order_id.to_string().into_value());
    put("file_number", text(&order.file_number));
    put("loan_number", optional(order.loan_number.as_deref()));
    put("fha_case_id", optional(order.fha_case_id.as_deref()));
    put("status", text(&order.status));
    put("printed_at", text(&order.printed_at));
    put("property", rows(&order.property));
    put("financial", rows(&order.financial));
    put("dates", rows(&order.dates));
    put("report_types", list(order.report_types.iter().map(|s| text(s))));
    put("client", rows(&order.client));
    put(
        "contacts",
        match &order.contacts {
            None => Value::None,
            Some(contacts) => list(contacts.iter().map(|c| {
                let mut cd = Dict::new();
                cd.insert("kind".into(), text(&c.kind));
                cd.insert("name".into(), text(&c.name));
                cd.insert("email".into(), text(&c.email));
                cd.insert("phones".into(), list(c.phones.iter().map(|p| text(p))));
                Value::Dict(cd)
            })),
        },
    );
    put("notes", text(&order.notes));
    put(
        "history",
        list(order.history.iter().map(|h| {
            let mut hd = Dict::new();
            hd.insert("date".into(), text(&h.date));
            hd.insert("status".into(), text(&h.status));
            hd.insert("message".into(), text(&h.message));
            Value::Dict(hd)
        })),
    );
    d
}

fn text(s: &str) -> Value {
    clean(s).into_value()
}

fn optional(s: Option<&str>) -> Value {
    match s.map(str::trim) {
        Some(s) if !s.is_empty() => text(s),
        _ => Value::None,
    }
}

fn rows(rows: &[(String, String)]) -> Value {
    list(rows.iter().map(|(label, value)| list([text(label), text(value)].into_iter())))
}

fn list(items: impl Iterator<Item = Value>) -> Value {
    Value::Array(items.collect::<Array>())
}

/// Normalises line endings, turns tabs into spaces and drops the other control characters, which
/// have no printed form.
fn clean(s: &str) -> String {
    s.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\t', "    ")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .collect()
}
