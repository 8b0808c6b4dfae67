//! The public API's invoices: a lender's accounts-payable system lists the client's invoices by
//! status a page at a time, reads one with its payments and credit notes, and fetches its PDF. A
//! key
//! reaches only its own client's invoices; any other is 404.
use axum::extract::State;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::extract::{Path, Query};
use super::problem::{ApiResult, Problem};
use crate::features::billing::invoices::{self, InvoiceDetail, InvoiceStatus, InvoiceSummary};
use crate::features::billing::printing;
use crate::platform::call::InvoiceId;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_invoices))
        .routes(routes!(get_invoice))
        .routes(routes!(invoice_pdf))
}

const MAX_LIMIT: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceListQuery {
    /// open, overdue or paid; every invoice when left out.
    #[param(inline)]
    pub status: Option<InvoiceStatus>,
    /// 1 to 100 (default 25).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    /// `nextCursor` of the previous page.
    #[param(max_length = 100)]
    pub cursor: Option<String>,
}

/// A page of invoices, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoicePage {
    pub data: Vec<InvoiceSummary>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

fn decode(text: &str) -> Option<i64> {
    String::from_utf8(URL_SAFE_NO_PAD.decode(text).ok()?).ok()?.strip_prefix("inv.")?.parse().ok()
}

/// The client's invoices, newest first, a page at a time.
#[utoipa::path(
    get,
    path = "/api/v1/invoices",
    tag = "invoices",
    params(InvoiceListQuery),
    security(("api_key" = [])),
    responses(
        (status = 200, body = InvoicePage),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
        (status = 429, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_invoices(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(q): Query<InvoiceListQuery>,
) -> ApiResult<axum::Json<InvoicePage>> {
    let limit = q.limit.unwrap_or(25);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Problem::invalid("limit", format!("limit must be 1 to {MAX_LIMIT}.")));
    }
    let before = match q.cursor.as_deref() {
        Some(text) => Some(
            decode(text)
                .ok_or_else(|| Problem::invalid("cursor", "cursor is not one this API gave."))?,
        ),
        None => None,
    };
    let all = invoices::of_client(&state.db, &state.config, caller.client_id, q.status).await?;
    let mut data: Vec<InvoiceSummary> =
        all.into_iter().filter(|i| before.is_none_or(|b| i.id < b)).take(limit + 1).collect();
    let more = data.len() > limit;
    data.truncate(limit);
    let next_cursor = if more {
        data.last().map(|i| URL_SAFE_NO_PAD.encode(format!("inv.{}", i.id)))
    } else {
        None
    };
    Ok(axum::Json(InvoicePage { data, next_cursor }))
}

/// One invoice of the client with its payments and credit notes.
#[utoipa::path(
    get,
    path = "/api/v1/invoices/{id}",
    tag = "invoices",
    params(InvoiceId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = InvoiceDetail),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn get_invoice(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<InvoiceDetail>> {
    let (_, detail) =
        invoices::one_of_client(&state.db, &state.config, caller.client_id, id).await?;
    Ok(axum::Json(detail))
}

/// The invoice as issued, as a PDF.
#[utoipa::path(
    get,
    path = "/api/v1/invoices/{id}/pdf",
    tag = "invoices",
    params(InvoiceId),
    security(("api_key" = [])),
    responses(
        (status = 200, description = "The invoice", content_type = "application/pdf"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn invoice_pdf(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let (found, _) =
        invoices::one_of_client(&state.db, &state.config, caller.client_id, id).await?;
    Ok(printing::invoice_pdf(&state, &found).await?)
}
