//! `GET /api/orders/{id}/report-data` for staff, the order's appraiser and, once delivered, the
//! order's client; `POST /api/staff/orders/{id}/report-data/acknowledge` for staff.
use chrono::Utc;
use portal_db::entities::{order, report_acknowledgement};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, NotSet, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::data::{self, ReportData};
use super::fair_language::{self, FairLanguageFinding};
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

/// Any signed-in user; each call checks who may see the order.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report_data)).routes(routes!(fair_language_findings))
}

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(acknowledge))
}

const MSG_NO_DATA_FILE: &str = "No data file was uploaded for this order.";

/// The order as the caller may see it (another client's order is not found), and whether its
/// data may be shown yet: a client sees it only once the order is delivered.
async fn order_for(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<(order::Model, bool)> {
    if caller.user_type != UserType::Client {
        return Ok((find_visible_order(&state.db, caller, id).await?, true));
    }
    let client = crate::kernel::clients::client_of(&state.db, caller).await?;
    let (o, row) = crate::kernel::clients::find(&state.db, &client, id).await?;
    Ok((o, row.delivered_at.is_some()))
}

async fn current(state: &AppState, o: &order::Model) -> AppResult<ReportData> {
    data::of_order(state, o).await?.ok_or_else(|| AppError::NotFound(MSG_NO_DATA_FILE.into()))
}

/// What the order's latest data file says, with its hard stops and warnings; null while there is
/// none (none uploaded yet or, for a client, not delivered yet).
#[utoipa::path(get, path = "/api/orders/{id}/report-data", tag = "reports", params(OrderId),
    responses((status = 200, body = Option<ReportData>), ReadAnswers))]
async fn report_data(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Option<ReportData>>> {
    let (o, shown) = order_for(&state, &caller, id).await?;
    let data = if shown { data::of_order(&state, &o).await? } else { None };
    Ok(axum::Json(data))
}

/// The fair-language findings of the order's current report PDF and data file (a client sees them
/// once the order is delivered; before, the list is empty).
#[utoipa::path(get, path = "/api/orders/{id}/fair-language", tag = "reports", params(OrderId),
    responses((status = 200, body = Vec<FairLanguageFinding>), ReadAnswers))]
async fn fair_language_findings(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<FairLanguageFinding>>> {
    let (o, shown) = order_for(&state, &caller, id).await?;
    let found = if shown { fair_language::current(&state.db, o.id).await? } else { Vec::new() };
    Ok(axum::Json(found))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcknowledgeBody {
    /// Codes of the data file's warnings.
    #[schema(min_items = 1)]
    pub codes: Vec<String>,
}

/// Staff acknowledge warnings of the order's latest data file (who and when are kept); each code
/// must be one of its warnings.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/report-data/acknowledge",
    tag = "reports",
    request_body = AcknowledgeBody,
    params(OrderId),
    responses(
        (status = 200, body = ReportData),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn acknowledge(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<AcknowledgeBody>,
) -> AppResult<axum::Json<ReportData>> {
    if body.codes.is_empty() {
        return Err(AppError::Validation("Choose the warnings to acknowledge.".into()));
    }
    let o = find_visible_order(&state.db, &caller, id).await?;
    let before = current(&state, &o).await?;
    if let Some(code) = body.codes.iter().find(|c| !before.warnings.iter().any(|w| &w.code == *c)) {
        return Err(AppError::Validation(format!("{code} is not a warning of this data file.")));
    }
    let now = Utc::now();
    let rows = body.codes.iter().map(|code| report_acknowledgement::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        file_id: Set(before.file_id),
        code: Set(code.clone()),
        user_id: Set(caller.id()),
        acknowledged_at: Set(now),
    });
    // A warning acknowledged before (by anyone) keeps its first acknowledgement.
    report_acknowledgement::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([
                report_acknowledgement::Column::FileId,
                report_acknowledgement::Column::Code,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(&state.db)
        .await?;
    Ok(axum::Json(current(&state, &o).await?))
}
