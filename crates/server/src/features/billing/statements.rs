//! A client's statement of a month: the balance brought forward, each invoice, credit note and
//! payment of the month by date with the running balance, and the balance at the month's end;
//! as CSV or PDF (`GET /api/staff/clients/{id}/statement?month=2026-11&format=csv`).
use axum::extract::State;
use axum::response::Response;
use chrono::{Datelike, Months, NaiveDate};
use portal_db::entities::{client, credit_note, invoice, invoice_payment, order};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::printing::{bill_to, issuer, pdf_response, us_day};
use crate::kernel::clients::existing_client;
use crate::platform::csv::Csv;
use crate::platform::fields::invalid;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::{Path, Query};
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_statement))
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatementFormat {
    #[default]
    Pdf,
    Csv,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatementQuery {
    /// yyyy-mm
    #[param(pattern = "^[0-9]{4}-[0-9]{2}$")]
    pub month: Option<String>,
    /// pdf (the default) or csv
    #[param(inline)]
    pub format: Option<StatementFormat>,
}

/// One line of a statement; `cents` is what it adds to the balance (a payment or credit takes off).
/// Lines of one day come invoices first, then credit notes, then payments, each in the order made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub on: NaiveDate,
    kind: Kind,
    id: i64,
    pub document: String,
    pub file_number: String,
    pub cents: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Invoice,
    CreditNote,
    Payment,
}

pub struct Statement {
    pub opening: i64,
    pub entries: Vec<Entry>,
}

impl Statement {
    pub fn closing(&self) -> i64 {
        self.opening + self.entries.iter().map(|e| e.cents).sum::<i64>()
    }

    /// Each entry with the balance after it.
    fn running(&self) -> impl Iterator<Item = (&Entry, i64)> {
        self.entries.iter().scan(self.opening, |balance, e| {
            *balance += e.cents;
            Some((e, *balance))
        })
    }
}

/// The first day of `yyyy-mm`, refused with a clear message otherwise.
fn month_start(month: Option<&str>) -> AppResult<NaiveDate> {
    let month = month.ok_or_else(|| invalid("month is required (yyyy-mm)."))?;
    NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d")
        .ok()
        .filter(|d| (2000..=2100).contains(&d.year()))
        .ok_or_else(|| invalid(format!("month must be a month such as 2026-11 (got '{month}').")))
}

/// Every money document of the client, as statement entries, from its first day to `before`.
async fn entries_until(
    db: &impl ConnectionTrait,
    client_id: i32,
    before: NaiveDate,
) -> AppResult<Vec<Entry>> {
    let invoices = invoice::Entity::find()
        .filter(invoice::Column::ClientId.eq(client_id))
        .filter(invoice::Column::IssuedOn.lt(before))
        .all(db)
        .await?;
    let ids: Vec<i64> = invoices.iter().map(|i| i.id).collect();
    let files: std::collections::HashMap<i64, String> = order::Entity::find()
        .filter(order::Column::Id.is_in(invoices.iter().map(|i| i.order_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.file_number))
        .collect();
    let file_of = |invoice_id: i64| {
        invoices
            .iter()
            .find(|i| i.id == invoice_id)
            .and_then(|i| files.get(&i.order_id).cloned())
            .unwrap_or_default()
    };
    let mut entries: Vec<Entry> = invoices
        .iter()
        .map(|i| Entry {
            on: i.issued_on,
            kind: Kind::Invoice,
            id: i.id,
            document: format!("Invoice {}", i.number),
            file_number: file_of(i.id),
            cents: i.amount_cents,
        })
        .collect();
    let credits = credit_note::Entity::find()
        .filter(credit_note::Column::InvoiceId.is_in(ids.clone()))
        .filter(credit_note::Column::IssuedOn.lt(before))
        .all(db)
        .await?;
    entries.extend(credits.into_iter().map(|c| Entry {
        on: c.issued_on,
        kind: Kind::CreditNote,
        id: c.id,
        document: format!("Credit note {}: {}", c.number, c.reason),
        file_number: file_of(c.invoice_id),
        cents: -c.amount_cents,
    }));
    let payments = invoice_payment::Entity::find()
        .filter(invoice_payment::Column::InvoiceId.is_in(ids))
        .filter(invoice_payment::Column::ReceivedOn.lt(before))
        .all(db)
        .await?;
    entries.extend(payments.into_iter().map(|p| {
        let reference = p.reference.map(|r| format!(" {r}")).unwrap_or_default();
        Entry {
            on: p.received_on,
            kind: Kind::Payment,
            id: p.id,
            document: format!("Payment ({}{reference})", p.method),
            file_number: file_of(p.invoice_id),
            cents: -p.amount_cents,
        }
    }));
    entries.sort_by_key(|e| (e.on, e.kind, e.id));
    Ok(entries)
}

/// The statement of the month starting `first`.
pub async fn statement(
    db: &impl ConnectionTrait,
    client_id: i32,
    first: NaiveDate,
) -> AppResult<Statement> {
    let next = first + Months::new(1);
    let (earlier, entries): (Vec<Entry>, Vec<Entry>) =
        entries_until(db, client_id, next).await?.into_iter().partition(|e| e.on < first);
    Ok(Statement { opening: earlier.iter().map(|e| e.cents).sum(), entries })
}

/// The client's statement of a month, as PDF or CSV.
#[utoipa::path(
    get,
    path = "/api/staff/clients/{id}/statement",
    tag = "staff",
    params(("id" = i32, Path, description = "Client id"), StatementQuery),
    responses(
        (
            status = 200,
            description = "The statement: a PDF, or CSV with format=csv",
            content(("application/pdf"), ("text/csv"))
        ),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn client_statement(
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Query(q): Query<StatementQuery>,
) -> AppResult<Response> {
    let first = month_start(q.month.as_deref())?;
    let c = existing_client(&state.db, id).await?;
    let s = statement(&state.db, id, first).await?;
    let month = first.format("%Y-%m").to_string();
    let name = format!("statement-{id}-{month}");
    match q.format.unwrap_or_default() {
        StatementFormat::Csv => Ok(as_csv(&s).into_download(&format!("{name}.csv"))),
        StatementFormat::Pdf => {
            pdf_response(as_pdf(&state, &c, first, &s), format!("{name}.pdf")).await
        }
    }
}

fn as_csv(s: &Statement) -> Csv {
    let mut csv = Csv::default();
    csv.row(["Date", "Document", "Order", "Amount", "Balance"]);
    csv.row(["", "Balance brought forward", "", "", &Cents(s.opening).decimal()]);
    for (e, balance) in s.running() {
        csv.row([
            e.on.to_string(),
            e.document.clone(),
            e.file_number.clone(),
            Cents(e.cents).decimal(),
            Cents(balance).decimal(),
        ]);
    }
    csv.row(["", "Balance at the end of the month", "", "", &Cents(s.closing()).decimal()]);
    csv
}

fn as_pdf(
    state: &AppState,
    c: &client::Model,
    first: NaiveDate,
    s: &Statement,
) -> portal_pdf::PrintableLedger {
    let last = first + Months::new(1) - chrono::Duration::days(1);
    let mut rows = vec![vec![
        us_day(first),
        "Balance brought forward".into(),
        String::new(),
        String::new(),
        Cents(s.opening).to_string(),
    ]];
    rows.extend(s.running().map(|(e, balance)| {
        vec![
            us_day(e.on),
            e.document.clone(),
            e.file_number.clone(),
            Cents(e.cents).to_string(),
            Cents(balance).to_string(),
        ]
    }));
    portal_pdf::PrintableLedger {
        heading: "Statement".into(),
        number: first.format("%B %Y").to_string(),
        issuer: issuer(&state.config),
        party_label: "Client".into(),
        party: bill_to(c),
        facts: vec![
            ("Period".into(), format!("{} to {}", us_day(first), us_day(last))),
            ("Payment Terms".into(), format!("Net {} days", c.payment_terms_days)),
        ],
        columns: ["Date", "Document", "Order", "Amount", "Balance"].map(String::from).to_vec(),
        rows,
        totals: vec![("Balance Due".into(), Cents(s.closing()).to_string())],
        note: String::new(),
    }
}
