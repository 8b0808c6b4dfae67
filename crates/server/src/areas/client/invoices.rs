//! The client's invoices in the portal (its administrators': accounts payable): a page at a time,
//! newest first, by status and by a part of the invoice or file number.
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{checked_page, client_of};
use crate::features::billing::invoices::{self, InvoiceStatus, InvoiceSummary};
use crate::platform::call::Call;
use crate::platform::http::error::{AppResult, ReadAnswers};
use crate::platform::http::extract::Query;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_invoices))
}

/// The client's invoices a list or an export holds: by status and by a part of a number.
pub async fn listed(
    state: &AppState,
    client_id: i32,
    status: Option<InvoiceStatus>,
    search: Option<&str>,
) -> AppResult<Vec<InvoiceSummary>> {
    let text: String = search.unwrap_or_default().trim().chars().take(100).collect();
    let text = text.to_lowercase();
    let all = invoices::of_client(&state.db, &state.config, client_id, status).await?;
    Ok(all
        .into_iter()
        .filter(|i| {
            text.is_empty()
                || i.number.to_lowercase().contains(&text)
                || i.file_number.to_lowercase().contains(&text)
        })
        .collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoicePageQuery {
    /// open, overdue or paid; every invoice when left out.
    #[param(inline)]
    pub status: Option<InvoiceStatus>,
    /// Part of the invoice or file number; only its first 100 characters count.
    pub search: Option<String>,
    /// 1-based.
    #[param(minimum = 1, maximum = 2147483647)]
    pub page: Option<u64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientInvoiceList {
    pub items: Vec<InvoiceSummary>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
    /// What the listed invoices still owe altogether, in whole cents.
    pub balance_cents: i64,
}

/// The client's invoices, newest first.
#[utoipa::path(
    get,
    path = "/api/client/invoices",
    tag = "client",
    params(InvoicePageQuery),
    responses((status = 200, body = ClientInvoiceList), ReadAnswers),
)]
async fn client_invoices(
    Call { state, caller }: Call,
    Query(q): Query<InvoicePageQuery>,
) -> AppResult<axum::Json<ClientInvoiceList>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let (page, page_size) = checked_page(q.page, q.page_size)?;
    let listed = listed(&state, seat.client_id, q.status, q.search.as_deref()).await?;
    let balance_cents = listed.iter().map(|i| i.balance_cents).sum();
    let total = listed.len() as u64;
    let skip = usize::try_from((page - 1) * page_size).unwrap_or(usize::MAX);
    let items = listed.into_iter().skip(skip).take(page_size as usize).collect();
    Ok(axum::Json(ClientInvoiceList { items, total, page, page_size, balance_cents }))
}
