//! The client's lists as CSV files for spreadsheets, with the list's filters applied: the orders
//! (read a slice at a time and written as they are read, so a book of any size downloads in little
//! memory) and the invoices.
use axum::body::Bytes;
use axum::response::Response;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use futures_util::StreamExt;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client_of;
use super::invoices::listed;
use super::orders::{self, ClientOrderItem, Cursor, OrderFilter};
use crate::features::billing::invoices::InvoiceStatus;
use crate::platform::call::Call;
use crate::platform::csv::{Csv, line, streamed_download};
use crate::platform::http::error::{AppError, AppResult, ReadAnswers};
use crate::platform::http::extract::Query;
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(export_orders)).routes(routes!(export_invoices))
}

/// The file format of an export.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Csv,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderExportQuery {
    #[param(inline)]
    pub format: ExportFormat,
    /// open (the default), delivered, cancelled or all, as the list.
    #[param(inline)]
    pub filter: Option<OrderFilter>,
    /// As the list's search; only its first 100 characters count.
    pub search: Option<String>,
}

/// Orders read per slice of the file.
const SLICE: u64 = 500;

const ORDER_COLUMNS: [&str; 10] = [
    "File Number",
    "Loan Number",
    "Borrower",
    "Property Address",
    "Status",
    "Ordered",
    "Due Date",
    "Delivered",
    "Last Change",
    "Placed Through",
];

fn order_row(o: &ClientOrderItem, zone: Tz) -> String {
    let day = |at: DateTime<Utc>| at.with_timezone(&zone).date_naive().to_string();
    line([
        o.file_number.clone(),
        o.loan_number.clone().unwrap_or_default(),
        o.borrower_name.clone(),
        o.property_address.clone(),
        o.status.clone(),
        day(o.ordered_at),
        o.due_date.map(|d| d.to_string()).unwrap_or_default(),
        o.delivered_at.map(day).unwrap_or_default(),
        day(o.updated_at),
        o.source.clone(),
    ])
}

/// The client's orders as a CSV file, newest change first, with the list's filter and search.
#[utoipa::path(
    get,
    path = "/api/client/orders/export",
    tag = "client",
    params(OrderExportQuery),
    responses(
        (
            status = 200,
            description = "orders.csv: File Number, Loan Number, Borrower, Property Address, \
                Status, Ordered, Due Date, Delivered, Last Change, Placed Through",
            content_type = "text/csv"
        ),
        ReadAnswers,
    ),
)]
async fn export_orders(
    Call { state, caller }: Call,
    Query(q): Query<OrderExportQuery>,
) -> AppResult<Response> {
    let seat = client_of(&state.db, &caller).await?;
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let filter = q.filter.unwrap_or_default();
    let search: Option<String> = q.search.map(|s| s.chars().take(100).collect());
    // The next slice starts after `Some(cursor)`; None once the last slice is written.
    let start = Some((line(ORDER_COLUMNS), None::<Cursor>));
    let slices = futures_util::stream::unfold(start, move |next| {
        let (state, search) = (state.clone(), search.clone());
        async move {
            let (mut text, cursor) = next?;
            let read =
                orders::after(&state.db, &seat, (filter, search.as_deref()), None, cursor, SLICE)
                    .await;
            let found = match read {
                Ok(found) => found,
                Err(e) => {
                    tracing::error!(error = %e, "the orders export stopped");
                    return Some((Err(std::io::Error::other("the export stopped")), None));
                }
            };
            for o in &found {
                text.push_str(&order_row(o, zone));
            }
            let last = found.last().map(|o| Cursor { updated_at: o.updated_at, order_id: o.id });
            let more = found.len() as u64 == SLICE;
            Some((Ok(Bytes::from(text)), last.filter(|_| more).map(|c| (String::new(), Some(c)))))
        }
    });
    // Fused: the body may be polled once more after its last slice.
    Ok(streamed_download("orders.csv", slices.fuse()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceExportQuery {
    #[param(inline)]
    pub format: ExportFormat,
    /// open, overdue or paid; every invoice when left out.
    #[param(inline)]
    pub status: Option<InvoiceStatus>,
    /// Part of the invoice or file number; only its first 100 characters count.
    pub search: Option<String>,
}

/// The client's invoices as a CSV file, newest first, with the list's filters.
#[utoipa::path(
    get,
    path = "/api/client/invoices/export",
    tag = "client",
    params(InvoiceExportQuery),
    responses(
        (
            status = 200,
            description = "invoices.csv: Invoice, File Number, Issued, Due, Amount, Credited, \
                Paid, Balance, Status, Days Overdue",
            content_type = "text/csv"
        ),
        ReadAnswers,
    ),
)]
async fn export_invoices(
    Call { state, caller }: Call,
    Query(q): Query<InvoiceExportQuery>,
) -> AppResult<Response> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let all = listed(&state, seat.client_id, q.status, q.search.as_deref()).await?;
    let mut csv = Csv::default();
    csv.row([
        "Invoice",
        "File Number",
        "Issued",
        "Due",
        "Amount",
        "Credited",
        "Paid",
        "Balance",
        "Status",
        "Days Overdue",
    ]);
    for i in &all {
        csv.row([
            i.number.clone(),
            i.file_number.clone(),
            i.issued_on.to_string(),
            i.due_on.to_string(),
            Cents(i.amount_cents).decimal(),
            Cents(i.credited_cents).decimal(),
            Cents(i.paid_cents).decimal(),
            Cents(i.balance_cents).decimal(),
            i.status.label().to_string(),
            i.days_overdue.to_string(),
        ]);
    }
    Ok(csv.into_download("invoices.csv"))
}
