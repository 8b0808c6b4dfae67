//! The money documents as PDFs (`portal_pdf::render_ledger`): the invoice as issued and a
//! client's monthly statement.
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use portal_db::entities::{client, invoice, order, order_detail, report_type};
use portal_pdf::PrintableLedger;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::platform::config::Config;
use crate::platform::delivery::{Attachment, Attachments};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::Cents;
use crate::platform::state::AppState;

/// "11/26/2026", as every document of the portal writes a day.
pub fn us_day(d: NaiveDate) -> String {
    d.format("%m/%d/%Y").to_string()
}

/// The client as a document addresses it: name, office address, billing e-mail.
pub fn bill_to(c: &client::Model) -> Vec<String> {
    [
        Some(c.company_name.clone()),
        c.office_address_line.clone(),
        c.billing_email.clone().or(c.main_contact_email.clone()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

pub fn issuer(config: &Config) -> Vec<String> {
    [config.billing_name.clone(), config.billing_address.clone()]
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Renders a money document off the async threads.
async fn render(ledger: PrintableLedger) -> AppResult<Vec<u8>> {
    tokio::task::spawn_blocking(move || portal_pdf::render_ledger(&ledger))
        .await
        .map_err(|e| AppError::internal("printing a money document", &e))?
        .map_err(|e| AppError::internal("printing a money document", &e))
}

/// Renders off the async threads and answers the PDF inline, named `file_name`.
pub async fn pdf_response(ledger: PrintableLedger, file_name: String) -> AppResult<Response> {
    let pdf = render(ledger).await?;
    let disposition = HeaderValue::from_str(&format!("inline; filename=\"{file_name}\""))
        .unwrap_or(HeaderValue::from_static("inline"));
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/pdf")),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        pdf,
    )
        .into_response())
}

/// The invoice as it was issued (payments and credit notes are on statements, not on it).
pub async fn invoice_pdf(state: &AppState, i: &invoice::Model) -> AppResult<Response> {
    let ledger = invoice_ledger(&state.db, &state.config, i).await?;
    pdf_response(ledger, format!("{}.pdf", i.number)).await
}

/// The invoice's PDF bytes, for an e-mail's attachment.
pub async fn invoice_pdf_bytes(
    db: &impl ConnectionTrait,
    config: &Config,
    i: &invoice::Model,
) -> AppResult<Vec<u8>> {
    render(invoice_ledger(db, config, i).await?).await
}

async fn invoice_ledger(
    db: &impl ConnectionTrait,
    config: &Config,
    i: &invoice::Model,
) -> AppResult<PrintableLedger> {
    let c = client::Entity::find_by_id(i.client_id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::Internal(format!("invoice {} has no client", i.id)))?;
    let o = order::Entity::find_by_id(i.order_id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::Internal(format!("invoice {} has no order", i.id)))?;
    let products = match order_detail::Entity::find_by_id(o.id).one(db).await? {
        Some(d) => report_type::Entity::find()
            .filter(report_type::Column::Id.is_in(d.products()))
            .all(db)
            .await?
            .into_iter()
            .map(|r| r.product_description)
            .collect::<Vec<_>>()
            .join(", "),
        None => String::new(),
    };
    let amount = Cents(i.amount_cents).to_string();
    let fact = |label: &str, value: String| (label.to_owned(), value);
    let ledger = PrintableLedger {
        heading: "Invoice".into(),
        number: i.number.clone(),
        issuer: issuer(config),
        party_label: "Bill To".into(),
        party: bill_to(&c),
        facts: vec![
            fact("Issued", us_day(i.issued_on)),
            fact("Due", us_day(i.due_on)),
            fact("Terms", format!("Net {} days", (i.due_on - i.issued_on).num_days())),
            fact("Order", o.file_number.clone()),
            fact("Loan Number", o.loan_number.clone().unwrap_or_default()),
            fact("Borrower", o.borrower_name.clone()),
        ],
        columns: vec!["Order".into(), "Property".into(), "Products".into(), "Amount".into()],
        rows: vec![vec![o.file_number.clone(), o.property_address(), products, amount.clone()]],
        totals: vec![("Total".into(), amount.clone()), ("Amount Due".into(), amount)],
        note: format!(
            "Please pay by {} and quote invoice {} with your payment.",
            us_day(i.due_on),
            i.number
        ),
    };
    Ok(ledger)
}

/// Makes the invoice PDFs that invoice e-mails attach (`invoice:{id}`), when they are sent.
pub struct InvoiceAttachments {
    pub db: sea_orm::DatabaseConnection,
    pub config: std::sync::Arc<Config>,
}

#[async_trait::async_trait]
impl Attachments for InvoiceAttachments {
    async fn fetch(&self, reference: &str) -> Result<Attachment, String> {
        let id: i64 = reference
            .strip_prefix(INVOICE_REFERENCE)
            .and_then(|id| id.parse().ok())
            .ok_or_else(|| format!("not an invoice: {reference}"))?;
        let found = invoice::Entity::find_by_id(id)
            .one(&self.db)
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no invoice {id}"))?;
        let bytes =
            invoice_pdf_bytes(&self.db, &self.config, &found).await.map_err(|e| e.to_string())?;
        Ok(Attachment {
            file_name: format!("{}.pdf", found.number),
            content_type: "application/pdf".into(),
            bytes,
        })
    }
}

/// How an e-mail names the PDF of invoice `id` as its attachment.
pub fn invoice_reference(id: i64) -> String {
    format!("{INVOICE_REFERENCE}{id}")
}

const INVOICE_REFERENCE: &str = "invoice:";
