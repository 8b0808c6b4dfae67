//! The borrower's copy of the appraisal (the ECOA valuations rule): staff send a link valid for
//! `LINK_DAYS` days (`POST /api/staff/orders/{id}/borrower-copy`), the borrower opens
//! `/borrower/copy/{token}` without signing in and downloads the report (each download logged), or
//! staff record the borrower's waiver. An order closing within `DUE_BUSINESS_DAYS` business days
//! with neither is flagged for staff.
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use portal_db::entities::{
    borrower_copy, borrower_copy_download, borrower_copy_waiver, client, order, order_detail,
    security_user, stored_file,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::data::REPORT_FILE_TYPES;
use crate::kernel::orders::apply;
use crate::kernel::orders::details::borrower_email;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::business_days;
use crate::platform::call::{Call, CallOn, OrderId};
use crate::platform::config::Config;
use crate::platform::delivery;
use crate::platform::fields;
use crate::platform::fields::ReasonBody;
use crate::platform::file_response::stream_response;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, Path};
use crate::platform::names::{full_name, full_names};
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_copies, send_copy))
        .routes(routes!(waive))
        .routes(routes!(due_copies))
}

/// No sign-in: the token is the key.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_link)).routes(routes!(download))
}

/// Days a link to the borrower's copy stays valid.
pub const LINK_DAYS: i64 = 30;
/// Business days before closing from which an order without a copy (or waiver) is flagged.
pub const DUE_BUSINESS_DAYS: i64 = 3;
pub const MSG_LINK_GONE: &str =
    "This link is not valid or has expired. Please ask your lender for a new one.";
pub const MSG_NOT_REVIEWED: &str =
    "The borrower's copy can be sent once the report has passed review.";
pub const MSG_NO_REPORT: &str = "This order has no report to send yet.";
pub const MSG_NO_EMAIL: &str = "The order has no borrower e-mail: please enter one.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentCopy {
    pub email: String,
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// When the borrower downloaded the report through this link, oldest first.
    pub downloads: Vec<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiver {
    pub reason: String,
    pub recorded_by: String,
    pub recorded_at: DateTime<Utc>,
}

/// What was done about an order's borrower's copy.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BorrowerCopies {
    /// The borrower's e-mail on the order, offered as the recipient.
    pub borrower_email: Option<String>,
    pub closing_date: Option<NaiveDate>,
    pub sent: Vec<SentCopy>,
    pub waiver: Option<Waiver>,
    /// Closing is `DUE_BUSINESS_DAYS` business days away or less, and no copy was sent or waived.
    pub due: bool,
}

/// Closing is near (or past) and the borrower has neither a copy nor a waiver.
pub fn is_due(closing: Option<NaiveDate>, today: NaiveDate, handled: bool) -> bool {
    !handled && closing.is_some_and(|c| business_days::between(today, c) <= DUE_BUSINESS_DAYS)
}

async fn copies_of(state: &AppState, order_id: i64) -> AppResult<BorrowerCopies> {
    let db = &state.db;
    let copies = borrower_copy::Entity::find()
        .filter(borrower_copy::Column::OrderId.eq(order_id))
        .order_by_asc(borrower_copy::Column::SentAt)
        .all(db)
        .await?;
    let downloads = borrower_copy_download::Entity::find()
        .filter(borrower_copy_download::Column::CopyId.is_in(copies.iter().map(|c| c.id)))
        .order_by_asc(borrower_copy_download::Column::DownloadedAt)
        .all(db)
        .await?;
    let waiver = borrower_copy_waiver::Entity::find_by_id(order_id).one(db).await?;
    let people: Vec<i32> =
        copies.iter().map(|c| c.sent_by).chain(waiver.iter().map(|w| w.user_id)).collect();
    let names = full_names(db, people).await?;
    let name = |id: i32| names.of(id);
    let closing_date = order_detail::Entity::find_by_id(order_id)
        .one(db)
        .await?
        .and_then(|d| d.estimated_closing_date);
    let sent: Vec<SentCopy> = copies
        .into_iter()
        .map(|c| SentCopy {
            downloads: downloads
                .iter()
                .filter(|d| d.copy_id == c.id)
                .map(|d| d.downloaded_at)
                .collect(),
            sent_by: name(c.sent_by),
            email: c.email,
            sent_at: c.sent_at,
            expires_at: c.expires_at,
        })
        .collect();
    let waiver = waiver.map(|w| Waiver {
        recorded_by: name(w.user_id),
        reason: w.reason,
        recorded_at: w.waived_at,
    });
    let today = state.config.today().map_err(AppError::Internal)?;
    Ok(BorrowerCopies {
        borrower_email: borrower_email(db, order_id).await?,
        due: is_due(closing_date, today, !sent.is_empty() || waiver.is_some()),
        closing_date,
        sent,
        waiver,
    })
}

/// The order's borrower's copy: links sent with their downloads, a waiver, whether it is due.
#[utoipa::path(get, path = "/api/staff/orders/{id}/borrower-copy", tag = "reports", params(OrderId),
    responses((status = 200, body = BorrowerCopies), (status = 404, body = MessageResponse)))]
async fn get_copies(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<BorrowerCopies>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(copies_of(&state, id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendCopyBody {
    /// The borrower's e-mail; the order's borrower e-mail when left out.
    #[schema(format = "email", max_length = 254)]
    pub email: Option<String>,
}

/// The latest report file of the order, if any.
pub async fn latest_report(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Option<stored_file::Model>> {
    Ok(stored_file::Entity::find()
        .filter(stored_file::Column::OrderId.eq(order_id))
        .filter(stored_file::Column::FileTypeId.is_in(REPORT_FILE_TYPES))
        .filter(stored_file::Column::Hide.eq(false))
        .order_by_desc(stored_file::Column::UploadedAt)
        .order_by_desc(stored_file::Column::Id)
        .one(db)
        .await?)
}

/// Sends the borrower a link to the report (valid `LINK_DAYS` days) once it has passed review.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/borrower-copy",
    tag = "reports",
    request_body = SendCopyBody,
    params(OrderId),
    responses(
        (status = 200, body = BorrowerCopies),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn send_copy(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<SendCopyBody>,
) -> AppResult<axum::Json<BorrowerCopies>> {
    let given =
        fields::optional_email(fields::named("email", "Borrower e-mail"), body.email.as_deref())?;
    let txn = portal_db::begin_write(&state.db).await?;
    let o = find_visible_order(&txn, &caller, id).await?;
    use OrderStatus as S;
    if !matches!(o.status_id, S::Completed | S::Reviewed | S::DeliveredToClient) {
        return Err(AppError::Conflict(MSG_NOT_REVIEWED.into()));
    }
    let report =
        latest_report(&txn, id).await?.ok_or_else(|| AppError::Conflict(MSG_NO_REPORT.into()))?;
    let email = match given {
        Some(email) => email,
        None => borrower_email(&txn, id)
            .await?
            .ok_or_else(|| fields::named("email", "Borrower e-mail").refuse(MSG_NO_EMAIL.into()))?,
    };
    send(&txn, &state.config, &o, &report, &email, &caller.user).await?;
    txn.commit().await?;
    Ok(axum::Json(copies_of(&state, id).await?))
}

/// E-mails `email` a link to `report` (valid `LINK_DAYS` days) and notes it in the order's history.
pub async fn send(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    report: &stored_file::Model,
    email: &str,
    sender: &security_user::Model,
) -> AppResult<()> {
    let token = random_token();
    let now = Utc::now();
    let expires_at = now + Duration::days(LINK_DAYS);
    borrower_copy::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        token_hash: Set(hash_token(&token)),
        email: Set(email.to_string()),
        file_id: Set(report.id),
        sent_by: Set(sender.id),
        sent_at: Set(now),
        expires_at: Set(expires_at),
    }
    .insert(txn)
    .await?;
    let link = config.link(&format!("/borrower/copy/{token}"));
    let lines = vec![
        format!("Your copy of the appraisal of {} is ready.", o.property_address()),
        format!("Download it here (the link works until {}):", expires_at.format("%B %-d, %Y")),
        link,
        "You receive this copy under the Equal Credit Opportunity Act; it is free of charge."
            .into(),
    ];
    delivery::email(txn, email, "Your copy of the appraisal".into(), lines).await?;
    let line = format!("The borrower's copy was sent to {email} by {}.", full_name(sender));
    apply::note(txn, Some(sender.id), o, line, true).await
}

/// Records that the borrower waived receiving the copy before closing (a reason is required; 409
/// when a waiver is already recorded).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/borrower-copy/waiver",
    tag = "reports",
    request_body = ReasonBody,
    params(OrderId),
    responses(
        (status = 200, body = BorrowerCopies),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn waive(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<ReasonBody>,
) -> AppResult<axum::Json<BorrowerCopies>> {
    let reason = body.reason()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let o = find_visible_order(&txn, &caller, id).await?;
    if borrower_copy_waiver::Entity::find_by_id(id).one(&txn).await?.is_some() {
        return Err(AppError::Conflict("A waiver is already recorded for this order.".into()));
    }
    borrower_copy_waiver::ActiveModel {
        order_id: Set(id),
        reason: Set(reason.clone()),
        user_id: Set(caller.id()),
        waived_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let line = format!(
        "The borrower's waiver of the copy was recorded by {}: {reason}",
        full_name(&caller.user)
    );
    apply::note(&txn, Some(caller.id()), &o, line, true).await?;
    txn.commit().await?;
    Ok(axum::Json(copies_of(&state, id).await?))
}

/// An order whose borrower's copy is due.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueCopy {
    pub order_id: i64,
    pub file_number: String,
    pub borrower_name: String,
    pub closing_date: NaiveDate,
}

/// Open or delivered orders closing within `DUE_BUSINESS_DAYS` business days (or already past
/// closing) whose borrower has neither a copy nor a waiver: the dashboard's compliance flag.
#[utoipa::path(get, path = "/api/staff/compliance/borrower-copies", tag = "reports",
    responses((status = 200, body = Vec<DueCopy>)))]
async fn due_copies(Call { state, .. }: Call) -> AppResult<axum::Json<Vec<DueCopy>>> {
    let today = state.config.today().map_err(AppError::Internal)?;
    // Ten calendar days hold any three business days, holidays included.
    let horizon = today + Duration::days(10);
    let closing: Vec<(i64, NaiveDate)> = order_detail::Entity::find()
        .filter(order_detail::Column::EstimatedClosingDate.lte(horizon))
        .filter(order_detail::Column::EstimatedClosingDate.gte(today - Duration::days(30)))
        .all(&state.db)
        .await?
        .into_iter()
        .filter_map(|d| d.estimated_closing_date.map(|c| (d.order_id, c)))
        .filter(|(_, c)| is_due(Some(*c), today, false))
        .collect();
    let ids: Vec<i64> = closing.iter().map(|(id, _)| *id).collect();
    let handled: Vec<i64> = borrower_copy::Entity::find()
        .filter(borrower_copy::Column::OrderId.is_in(ids.clone()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|c| c.order_id)
        .chain(
            borrower_copy_waiver::Entity::find()
                .filter(borrower_copy_waiver::Column::OrderId.is_in(ids.clone()))
                .all(&state.db)
                .await?
                .into_iter()
                .map(|w| w.order_id),
        )
        .collect();
    let orders = order::Entity::find()
        .filter(order::Column::Id.is_in(ids))
        .filter(order::Column::StatusId.ne(OrderStatus::Cancelled))
        .order_by_asc(order::Column::Id)
        .all(&state.db)
        .await?;
    let mut due: Vec<DueCopy> = orders
        .into_iter()
        .filter(|o| !handled.contains(&o.id))
        .filter_map(|o| {
            let closing_date = closing.iter().find(|(id, _)| *id == o.id)?.1;
            Some(DueCopy {
                order_id: o.id,
                file_number: o.file_number,
                borrower_name: o.borrower_name,
                closing_date,
            })
        })
        .collect();
    due.sort_by_key(|d| (d.closing_date, d.order_id));
    Ok(axum::Json(due))
}

/// What the borrower's page shows before the download.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyLink {
    pub property_address: String,
    pub lender: Option<String>,
    pub file_name: String,
    pub file_size: i64,
    pub expires_at: DateTime<Utc>,
}

/// The link's copy and its report file; 404 once expired or unknown.
pub async fn valid_copy(
    db: &impl ConnectionTrait,
    token: &str,
) -> AppResult<(borrower_copy::Model, stored_file::Model)> {
    let gone = || AppError::NotFound(MSG_LINK_GONE.into());
    let copy = borrower_copy::Entity::find()
        .filter(borrower_copy::Column::TokenHash.eq(hash_token(token)))
        .one(db)
        .await?
        .filter(|c| c.expires_at > Utc::now())
        .ok_or_else(gone)?;
    let file = stored_file::Entity::find_by_id(copy.file_id).one(db).await?.ok_or_else(gone)?;
    Ok((copy, file))
}

/// The borrower's page: the property, the lender and the report file (no sign-in).
#[utoipa::path(
    get,
    path = "/api/borrower/copy/{token}",
    tag = "reports",
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, body = CopyLink), (status = 404, body = MessageResponse)),
)]
async fn open_link(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<axum::Json<CopyLink>> {
    let (copy, file) = valid_copy(&state.db, &token).await?;
    let o = order::Entity::find_by_id(copy.order_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_LINK_GONE.into()))?;
    let lender = match o.client_id {
        Some(id) => client::Entity::find_by_id(id).one(&state.db).await?.map(|c| c.company_name),
        None => None,
    };
    Ok(axum::Json(CopyLink {
        property_address: o.property_address(),
        lender,
        file_name: file.file_name,
        file_size: file.size_bytes,
        expires_at: copy.expires_at,
    }))
}

/// The report itself, as an attachment; each download is logged.
#[utoipa::path(
    get,
    path = "/api/borrower/copy/{token}/download",
    tag = "reports",
    params(("token" = String, Path, description = "The link's token")),
    responses(
        (status = 200, description = "The report file", content_type = "application/pdf"),
        (status = 404, body = MessageResponse),
    ),
)]
async fn download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(token): Path<String>,
) -> AppResult<Response> {
    let (copy, file) = valid_copy(&state.db, &token).await?;
    borrower_copy_download::ActiveModel {
        id: NotSet,
        copy_id: Set(copy.id),
        downloaded_at: Set(Utc::now()),
        ip: Set(Some(ip.chars().take(64).collect())),
    }
    .insert(&state.db)
    .await?;
    stream_response(&state, file, false).await
}

#[cfg(test)]
mod tests {
    use super::is_due;
    use chrono::NaiveDate;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
    }

    #[test]
    fn a_copy_is_due_three_business_days_before_closing() {
        // Tuesday 1 December; closing Friday 4 is three business days away, Monday 7 four.
        assert!(is_due(Some(day(4)), day(1), false));
        assert!(!is_due(Some(day(7)), day(1), false));
        assert!(is_due(Some(day(1)), day(2), false), "past closing");
        assert!(!is_due(Some(day(4)), day(1), true), "sent or waived");
        assert!(!is_due(None, day(1), false));
    }
}
