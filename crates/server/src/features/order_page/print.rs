//! POST /api/file/print-order: the order as a PDF, laid out by crates/pdf from what the caller
//! may see of the order (contacts only when they are visible to them, no hidden history).
use axum::Json;
use base64::Engine;
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use portal_pdf::{PrintableContact, PrintableHistory, PrintableOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{self as details, Contact, OrderDetails};
use crate::platform::call::Call;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(print_order))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintOrderRequest {
    pub order_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintedOrder {
    /// The client saves it as '{orderId}-{filename}'.
    pub filename: String,
    /// The PDF, base64.
    pub content: String,
    pub content_type: String,
}

#[utoipa::path(
    post,
    path = "/api/file/print-order",
    tag = "files",
    request_body = PrintOrderRequest,
    responses(
        (status = 200, body = PrintedOrder),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn print_order(
    Call { state, caller }: Call,
    crate::platform::http::extract::Json(request): crate::platform::http::extract::Json<
        PrintOrderRequest,
    >,
) -> AppResult<Json<PrintedOrder>> {
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let order = details::load(&state.db, &caller, request.order_id, &state.config).await?;
    let printable = printable(&order, zone, Utc::now());
    let pdf = tokio::task::spawn_blocking(move || portal_pdf::render_order(&printable))
        .await
        .map_err(|e| AppError::internal("printing the order", &e))?
        .map_err(|e| AppError::internal("printing the order", &e))?;
    Ok(Json(PrintedOrder {
        filename: format!("order-{}.pdf", order.file_number),
        content: base64::engine::general_purpose::STANDARD.encode(pdf),
        content_type: "application/pdf".into(),
    }))
}

fn printable(o: &OrderDetails, zone: Tz, now: DateTime<Utc>) -> PrintableOrder {
    let rows = |pairs: Vec<(&str, Option<String>)>| -> Vec<(String, String)> {
        pairs
            .into_iter()
            .filter_map(|(label, value)| value.map(|v| (label.to_string(), v)))
            .collect()
    };
    let report_types = [&o.report_type1, &o.report_type2, &o.report_type3, &o.report_type4]
        .into_iter()
        .flatten()
        .map(|r| r.product_description.clone())
        .collect();
    PrintableOrder {
        order_id: o.id,
        file_number: o.file_number.clone(),
        loan_number: o.loan_number.clone(),
        fha_case_id: o.fha_case_id.clone(),
        status: o.order_status.clone(),
        printed_at: date_time(now, zone),
        property: rows(vec![
            ("Address", Some(o.property_address.clone())),
            ("County", o.county.clone()),
            ("Borrower", Some(o.borrower_name.clone())),
            ("Property Type", o.property_type.clone()),
            ("Intended Use", o.intended_use.clone()),
            ("Year Built", o.year_built.map(|v| v.to_string())),
            ("Living Area", o.living_area.map(|v| format!("{v} sq ft"))),
            ("Lot Area", o.lot_area.map(|v| format!("{v} sq ft"))),
            ("County Use", o.county_use.clone()),
            ("Assessed Value", o.assessed_value.map(|c| c.to_string())),
        ]),
        financial: rows(vec![
            ("Appraiser Fee", o.appraiser_fee.map(|c| c.to_string())),
            ("Tech Fee", o.tech_fee.map(|c| c.to_string())),
            ("Purchase Price", o.purchase_price.map(|c| c.to_string())),
        ]),
        dates: rows(vec![
            ("Create Date", Some(date_time(o.create_date, zone))),
            ("Appraiser Due Date", o.appraiser_due_date.map(date)),
            ("Inspection Due Date", o.inspection_due_date.map(date)),
            ("Inspection Date", o.inspection_actual_date.map(|d| date_time(d, zone))),
            ("Estimated Delivery Date", o.estimated_delivery_date.map(date)),
            ("Estimated Closing Date", o.estimated_closing_date.map(date)),
            ("Loan Number", o.loan_number.clone()),
            ("FHA Case ID", o.fha_case_id.clone()),
            ("AMC License", o.amc_license.clone()),
        ]),
        report_types,
        client: rows(vec![
            ("Ordered By", o.ordered_by.clone()),
            ("Address", o.ordered_by_address.clone()),
        ]),
        contacts: o
            .contacts_visible
            .then(|| o.property_contact.iter().chain(&o.other_contacts).map(contact).collect()),
        notes: plain_text(o.notes_and_special_instructions.as_deref().unwrap_or_default()),
        history: o
            .histories
            .iter()
            .filter(|h| !h.hide)
            .map(|h| PrintableHistory {
                date: date_time(h.status_date, zone),
                status: h.order_status_description.clone(),
                message: plain_text(&h.order_status_message),
            })
            .collect(),
    }
}

fn contact(c: &Contact) -> PrintableContact {
    let phones = [("Cell", &c.cell_phone), ("Work", &c.work_phone), ("Home", &c.home_phone)]
        .into_iter()
        .filter_map(|(label, number)| number.as_ref().map(|n| format!("{label}: {n}")))
        .collect();
    PrintableContact {
        kind: c.contact_type.split('_').map(title_case).collect::<Vec<_>>().join(" "),
        name: c.name.clone(),
        email: c.email.clone().unwrap_or_default(),
        phones,
    }
}

fn title_case(word: &str) -> String {
    let lower = word.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn date(d: NaiveDate) -> String {
    d.format("%m/%d/%Y").to_string()
}

fn date_time(at: DateTime<Utc>, zone: Tz) -> String {
    at.with_timezone(&zone).format("%m/%d/%Y %-I:%M %p %Z").to_string()
}

/// Text of (already sanitised) HTML: tags dropped, block ends become line breaks.
fn plain_text(html: &str) -> String {
    let with_breaks =
        html.replace("</p>", "</p>\n").replace("<br>", "\n").replace("</li>", "</li>\n");
    let text = ammonia::Builder::empty().clean(&with_breaks).to_string();
    let decoded = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_plain_text() {
        assert_eq!(
            plain_text("<p>Gate <b>1234</b> &amp; dog</p><ul><li>One</li><li>Two</li></ul>"),
            "Gate 1234 & dog\nOne\nTwo"
        );
    }

    #[test]
    fn contact_kinds_read_as_words() {
        assert_eq!(title_case("PROPERTY"), "Property");
        let c = Contact {
            id: 1,
            name: "Jo".into(),
            email: None,
            cell_phone: Some("5125550134".into()),
            work_phone: None,
            home_phone: None,
            contact_type: "PROPERTY_CONTACT".into(),
            notes: None,
        };
        let p = contact(&c);
        assert_eq!(
            (p.kind.as_str(), p.phones),
            ("Property Contact", vec!["Cell: 5125550134".to_string()])
        );
    }
}
