//! The UCDP / EAD record of an order: `GET|PUT /api/staff/orders/{id}/ucdp`. Staff record the
//! Fannie Mae and Freddie Mac Doc File IDs and the submission's status; the submission summary
//! report is an order file of its own type. An FHA order needs its case number (`###-#######`).
use chrono::{DateTime, Utc};
use portal_db::entities::{order_detail, report_type, ucdp_submission};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::apply;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::{full_name, full_names};
use crate::platform::state::AppState;

pub use portal_db::migrations::m0023_delivery_records::SUBMISSION_SUMMARY_FILE_TYPE_ID;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_ucdp, put_ucdp))
}

pub const MSG_DOC_FILE_ID: &str =
    "A Doc File ID is the 10 letters and digits the portal gave the submission.";
pub const MSG_FHA_CASE: &str = "An FHA case number has the form ###-#######.";
pub const MSG_ONE_DOC_FILE_ID: &str = "Enter the Fannie Mae or the Freddie Mac Doc File ID.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SubmissionStatus {
    Submitted,
    Successful,
    HardStop,
}

impl SubmissionStatus {
    fn stored(self) -> &'static str {
        match self {
            SubmissionStatus::Submitted => "submitted",
            SubmissionStatus::Successful => "successful",
            SubmissionStatus::HardStop => "hard_stop",
        }
    }

    fn label(self) -> &'static str {
        match self {
            SubmissionStatus::Submitted => "submitted",
            SubmissionStatus::Successful => "successful",
            SubmissionStatus::HardStop => "hard stop",
        }
    }

    fn of_stored(text: &str) -> Option<SubmissionStatus> {
        [Self::Submitted, Self::Successful, Self::HardStop].into_iter().find(|s| s.stored() == text)
    }
}

/// An order's UCDP / EAD record; the IDs and status are empty until staff record them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ucdp {
    pub fannie_doc_file_id: Option<String>,
    pub freddie_doc_file_id: Option<String>,
    pub status: Option<SubmissionStatus>,
    pub updated_by: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
    /// One of the order's products is an FHA product: it goes to EAD with a case number.
    pub is_fha: bool,
    pub fha_case_number: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UcdpBody {
    #[schema(pattern = "^[A-Za-z0-9]{10}$")]
    pub fannie_doc_file_id: Option<String>,
    #[schema(pattern = "^[A-Za-z0-9]{10}$")]
    pub freddie_doc_file_id: Option<String>,
    pub status: SubmissionStatus,
    /// Required for an FHA order that has none yet.
    #[schema(pattern = "^\\d{3}-\\d{7}$")]
    pub fha_case_number: Option<String>,
}

/// A Doc File ID as given, upper-cased; refused unless 10 letters and digits.
fn doc_file_id(name: &str, label: &str, value: Option<&str>) -> AppResult<Option<String>> {
    let field = fields::named(name, label);
    let Some(id) = fields::optional(field, value, 10)? else { return Ok(None) };
    if id.len() != 10 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(field.refuse(MSG_DOC_FILE_ID.into()));
    }
    Ok(Some(id.to_ascii_uppercase()))
}

/// `###-#######`: three digits, a hyphen, seven digits.
pub fn is_fha_case_number(text: &str) -> bool {
    let digits = |part: &str, n: usize| part.len() == n && part.bytes().all(|b| b.is_ascii_digit());
    text.split_once('-').is_some_and(|(a, b)| digits(a, 3) && digits(b, 7))
}

async fn is_fha(
    db: &impl ConnectionTrait,
    detail: Option<&order_detail::Model>,
) -> AppResult<bool> {
    includes_fha(db, &detail.map(order_detail::Model::products).unwrap_or_default()).await
}

/// An order is FHA when one of its products is ("FHA" in its name).
pub async fn includes_fha(db: &impl ConnectionTrait, products: &[i32]) -> AppResult<bool> {
    if products.is_empty() {
        return Ok(false);
    }
    let described = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(products.to_vec()))
        .all(db)
        .await?;
    Ok(described.iter().any(|p| p.product_description.contains("FHA")))
}

async fn ucdp_of(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Ucdp> {
    let detail = order_detail::Entity::find_by_id(order_id).one(db).await?;
    let record = ucdp_submission::Entity::find_by_id(order_id).one(db).await?;
    let names = full_names(db, record.iter().map(|r| r.user_id).collect()).await?;
    Ok(Ucdp {
        is_fha: is_fha(db, detail.as_ref()).await?,
        fha_case_number: detail.and_then(|d| d.fha_case_id),
        status: record.as_ref().and_then(|r| SubmissionStatus::of_stored(&r.status)),
        updated_by: record.as_ref().map(|r| names.of(r.user_id)),
        updated_at: record.as_ref().map(|r| r.updated_at),
        fannie_doc_file_id: record.as_ref().and_then(|r| r.fannie_doc_file_id.clone()),
        freddie_doc_file_id: record.and_then(|r| r.freddie_doc_file_id),
    })
}

/// The order's UCDP / EAD record.
#[utoipa::path(get, path = "/api/staff/orders/{id}/ucdp", tag = "reports", params(OrderId),
    responses((status = 200, body = Ucdp), (status = 404, body = MessageResponse)))]
async fn get_ucdp(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<axum::Json<Ucdp>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(ucdp_of(&state.db, id).await?))
}

/// Records the submission: at least one Doc File ID (10 letters and digits) and its status; an
/// FHA order's case number when it has none. Noted in the order's history.
#[utoipa::path(
    put,
    path = "/api/staff/orders/{id}/ucdp",
    tag = "reports",
    request_body = UcdpBody,
    params(OrderId),
    responses(
        (status = 200, body = Ucdp),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn put_ucdp(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<UcdpBody>,
) -> AppResult<axum::Json<Ucdp>> {
    let fannie = doc_file_id(
        "fannieDocFileId",
        "Fannie Mae Doc File ID",
        body.fannie_doc_file_id.as_deref(),
    )?;
    let freddie = doc_file_id(
        "freddieDocFileId",
        "Freddie Mac Doc File ID",
        body.freddie_doc_file_id.as_deref(),
    )?;
    let case_field = fields::named("fhaCaseNumber", "FHA case number");
    let case = fields::optional(case_field, body.fha_case_number.as_deref(), 11)?;
    if case.as_deref().is_some_and(|c| !is_fha_case_number(c)) {
        return Err(case_field.refuse(MSG_FHA_CASE.into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let o = find_visible_order(&txn, &caller, id).await?;
    let detail = order_detail::Entity::find_by_id(id).one(&txn).await?;
    let fha = is_fha(&txn, detail.as_ref()).await?;
    let on_file = detail.as_ref().and_then(|d| d.fha_case_id.clone());
    if fha && case.is_none() && !on_file.as_deref().is_some_and(is_fha_case_number) {
        return Err(case_field.refuse(format!("This is an FHA order. {MSG_FHA_CASE}")));
    }
    if fannie.is_none() && freddie.is_none() && !fha {
        return Err(fields::named("fannieDocFileId", "Fannie Mae Doc File ID")
            .refuse(MSG_ONE_DOC_FILE_ID.into()));
    }
    if let Some(case) = &case {
        order_detail::Entity::update_many()
            .col_expr(order_detail::Column::FhaCaseId, Expr::value(case.clone()))
            .filter(order_detail::Column::OrderId.eq(id))
            .exec(&txn)
            .await?;
    }
    let row = ucdp_submission::ActiveModel {
        order_id: Set(id),
        fannie_doc_file_id: Set(fannie.clone()),
        freddie_doc_file_id: Set(freddie.clone()),
        status: Set(body.status.stored().into()),
        user_id: Set(caller.id()),
        updated_at: Set(Utc::now()),
    };
    ucdp_submission::Entity::insert(row)
        .on_conflict(
            OnConflict::column(ucdp_submission::Column::OrderId)
                .update_columns([
                    ucdp_submission::Column::FannieDocFileId,
                    ucdp_submission::Column::FreddieDocFileId,
                    ucdp_submission::Column::Status,
                    ucdp_submission::Column::UserId,
                    ucdp_submission::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    let ids: Vec<String> = [("Fannie Mae", &fannie), ("Freddie Mac", &freddie)]
        .into_iter()
        .filter_map(|(who, id)| id.as_ref().map(|id| format!("{who} Doc File ID {id}")))
        .chain(case.iter().map(|c| format!("FHA case number {c}")))
        .collect();
    let line = format!(
        "Submission recorded by {}: {}; status {}.",
        full_name(&caller.user),
        ids.join(", "),
        body.status.label()
    );
    apply::note(&txn, Some(caller.id()), &o, line, true).await?;
    txn.commit().await?;
    Ok(axum::Json(ucdp_of(&state.db, id).await?))
}

#[cfg(test)]
mod tests {
    use super::is_fha_case_number;

    #[test]
    fn fha_case_numbers_are_three_digits_a_hyphen_and_seven() {
        assert!(is_fha_case_number("123-4567890"));
        for bad in ["1234567890", "12-34567890", "123-456789", "abc-4567890", "123-4567890 "] {
            assert!(!is_fha_case_number(bad), "{bad}");
        }
    }
}
