//! `POST /api/staff/orders/{id}/second-appraisal`: staff order a second appraisal of an order (the
//! same property, client, borrower and products), linked both ways; neither the first order's
//! appraiser nor anyone of their firm may take it (`kernel::orders::second`).
use axum::http::StatusCode;
use chrono::Utc;
use portal_db::entities::{order_contact, order_detail, second_appraisal};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::apply;
use crate::kernel::orders::client_events::Source;
use crate::kernel::orders::details::empty_detail;
use crate::kernel::orders::life::{self, NewOrder};
use crate::kernel::orders::placing::Property;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::audit::audit_staff;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::ReasonBody;
use crate::platform::geocoder::Position;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, Created, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(order_second_appraisal))
}

pub const MSG_NO_APPRAISER: &str =
    "This order has no appraiser yet: a second appraisal checks an appraiser's work.";

/// Orders a second appraisal of the order, with the reason (kept on both orders' history).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/second-appraisal",
    tag = "staff",
    request_body = ReasonBody,
    params(OrderId),
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn order_second_appraisal(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ReasonBody>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let reason = body.reason()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let first = find_visible_order(&txn, &caller, id).await?;
    if first.assigned_appraiser_id.is_none() {
        return Err(AppError::Conflict(MSG_NO_APPRAISER.into()));
    }
    let kept = order_detail::Entity::find_by_id(id).one(&txn).await?;
    let kept = kept.unwrap_or_else(|| empty_detail(id));
    let mut detail = empty_detail(0).into_active_model();
    detail.fha_case_id = Set(kept.fha_case_id.clone());
    detail.property_type = Set(kept.property_type.clone());
    detail.intended_use = Set(kept.intended_use.clone());
    detail.report_type1_id = Set(kept.report_type1_id);
    detail.report_type2_id = Set(kept.report_type2_id);
    detail.report_type3_id = Set(kept.report_type3_id);
    detail.report_type4_id = Set(kept.report_type4_id);
    detail.appraiser_fee_cents = Set(kept.appraiser_fee_cents);
    detail.client_fee_cents = Set(kept.client_fee_cents);
    detail.property_address_line2 = Set(kept.property_address_line2.clone());
    detail.estimated_closing_date = Set(kept.estimated_closing_date);
    detail.location_approximate = Set(kept.location_approximate);
    let position = kept.latitude.zip(kept.longitude).map(|(latitude, longitude)| Position {
        latitude,
        longitude,
        approximate: kept.location_approximate,
    });
    let contacts = order_contact::Entity::find()
        .filter(order_contact::Column::OrderId.eq(id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|c| c.into_active_model().reset_all())
        .collect();
    let who = full_name(&caller.user);
    let new = NewOrder {
        client_id: first.client_id,
        source: Source::Staff,
        property: Property {
            line1: first.property_address_line1.clone(),
            city: first.property_city.clone(),
            state_code: first.property_state_code.clone(),
            zip: first.property_zip.clone(),
            county: first.property_county.clone().unwrap_or_default(),
        },
        position,
        loan_number: first.loan_number.clone(),
        borrower_name: first.borrower_name.clone(),
        appraiser: None,
        appraiser_due: None,
        inspection_due: None,
        is_desktop: first.is_desktop,
        detail,
        contacts,
        client_row: None,
        actor: Some(caller.id()),
        placed_by: format!("{who} (staff, second appraisal of order {})", first.file_number),
        history: format!(
            "Second appraisal of order {} ordered by {who}: {reason}",
            first.file_number
        ),
        ip: Some(ip.clone()),
    };
    let created = life::create(&txn, &state.config, new).await?;
    second_appraisal::ActiveModel {
        order_id: Set(created.id),
        first_order_id: Set(id),
        reason: Set(reason.clone()),
        requested_by: Set(caller.id()),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let line =
        format!("Second appraisal ordered by {who} (order {}): {reason}", created.file_number);
    apply::note(&txn, Some(caller.id()), &first, line, true).await?;
    let detail = format!("order {id} ({}): order {}", first.file_number, created.file_number);
    audit_staff(&txn, &caller, &ip, "staff.second_appraisal", detail).await?;
    txn.commit().await?;
    let file_number = Some(created.file_number);
    Ok((StatusCode::CREATED, axum::Json(Created { id: created.id, file_number })))
}
