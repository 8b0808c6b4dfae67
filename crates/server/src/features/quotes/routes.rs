//! /api/quotes: the caller's open quotes, one quote's details, and the two answers.
use chrono::{NaiveDate, Utc};
use portal_db::entities::{client, quote, quote_recipient};
use sea_orm::sea_query::{Expr, NullOrdering, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{
    ANSWER_ACCEPTED, ANSWER_REJECTED, RecipientState, check_reject_reason, check_response,
};
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::live;
use crate::platform::money::{Amount, Cents};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dash))
        .routes(routes!(details))
        .routes(routes!(accept))
        .routes(routes!(reject))
}

pub const MSG_NOT_FOUND: &str = "Quote not found";

/// One open quote request, as Open Quotes lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteListItem {
    pub id: i32,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip_code: String,
    pub due_date: Option<NaiveDate>,
    pub client_company: Option<String>,
    pub property_type: String,
    /// USD with 2 decimals.
    pub appraiser_fee: Option<Cents>,
    pub report_type: Option<String>,
    pub intended_use: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteInfo {
    pub id: i32,
    pub loan_id: Option<String>,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip_code: String,
    pub property_county: Option<String>,
    /// USD with 2 decimals.
    pub appraiser_fee: Option<Cents>,
    pub due_date: Option<NaiveDate>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Described {
    pub description: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportTypeInfo {
    pub product_description: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteClient {
    pub company_name: String,
    pub office_address_line: Option<String>,
    pub main_contact_name: Option<String>,
    pub main_contact_email_address: Option<String>,
}

/// The caller's own answer to the quote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAnswer {
    /// open, responded, rejected or closed.
    pub status: String,
    pub answered_at: Option<chrono::DateTime<Utc>>,
    pub estimated_delivery_date: Option<NaiveDate>,
    /// The fee the appraiser proposed, USD with 2 decimals.
    pub appraiser_fee: Option<Cents>,
    pub comment: Option<String>,
    pub reject_reason: Option<String>,
}

/// One quote request with its property, client and the caller's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteDetailResponse {
    pub quote: QuoteInfo,
    pub property_type: Described,
    pub intended_use: Described,
    pub report_type: Option<ReportTypeInfo>,
    pub client: Option<QuoteClient>,
    pub answer: QuoteAnswer,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptQuote {
    pub quote_id: i32,
    /// yyyy-mm-dd, today or later in the company's time zone.
    #[schema(required = true, value_type = String)]
    pub estimated_delivery_date: Option<String>,
    /// A number or a numeric string, at least 0, at most 2 decimals.
    #[schema(required = true)]
    #[serde(default)]
    pub appraiser_fee: Amount,
    #[schema(required = true, value_type = String)]
    pub comment: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectQuote {
    pub quote_id: i32,
    #[schema(required = true, value_type = String)]
    pub reject_reason: Option<String>,
}

fn today(state: &AppState) -> AppResult<NaiveDate> {
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    Ok(Utc::now().with_timezone(&tz).date_naive())
}

/// The caller's recipient row and the quote, or 404 for anyone the quote was not sent to.
async fn find_for(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    quote_id: i32,
) -> AppResult<(quote_recipient::Model, quote::Model)> {
    let found = quote_recipient::Entity::find()
        .filter(quote_recipient::Column::QuoteId.eq(quote_id))
        .filter(quote_recipient::Column::AppraiserUserId.eq(caller.id()))
        .find_also_related(quote::Entity)
        .one(db)
        .await?;
    match found {
        Some((recipient, Some(quote))) => Ok((recipient, quote)),
        _ => Err(AppError::NotFound(MSG_NOT_FOUND.into())),
    }
}

async fn detail_of(
    db: &impl ConnectionTrait,
    recipient: quote_recipient::Model,
    q: quote::Model,
) -> AppResult<QuoteDetailResponse> {
    let client = match q.client_id {
        Some(id) => client::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    let status = RecipientState::of(&q, &recipient);
    Ok(QuoteDetailResponse {
        property_type: Described { description: q.property_type },
        intended_use: Described { description: q.intended_use },
        report_type: q
            .report_type
            .map(|product_description| ReportTypeInfo { product_description }),
        client: client.map(|c| QuoteClient {
            company_name: c.company_name,
            office_address_line: c.office_address_line,
            main_contact_name: c.main_contact_name,
            main_contact_email_address: c.main_contact_email,
        }),
        answer: QuoteAnswer {
            status: status.as_str().into(),
            answered_at: recipient.answered_at,
            estimated_delivery_date: recipient.estimated_delivery_date,
            appraiser_fee: recipient.appraiser_fee_cents.map(Cents),
            comment: recipient.comment,
            reject_reason: recipient.reject_reason,
        },
        quote: QuoteInfo {
            id: q.id,
            loan_id: q.loan_id,
            property_address_line1: q.property_address_line1,
            property_city: q.property_city,
            property_state_code: q.property_state_code,
            property_zip_code: q.property_zip_code,
            property_county: q.property_county,
            appraiser_fee: q.appraiser_fee_cents.map(Cents),
            due_date: q.due_date,
            latitude: q.latitude,
            longitude: q.longitude,
        },
    })
}

/// The caller's open quote requests: not yet answered and not closed, soonest due first.
#[utoipa::path(
    get,
    path = "/api/quotes/dash",
    tag = "quotes",
    responses((status = 200, body = Vec<QuoteListItem>)),
)]
async fn dash(Call { state, caller }: Call) -> AppResult<axum::Json<Vec<QuoteListItem>>> {
    let rows = quote::Entity::find()
        .inner_join(quote_recipient::Entity)
        .filter(quote_recipient::Column::AppraiserUserId.eq(caller.id()))
        .filter(quote_recipient::Column::Answer.is_null())
        .filter(quote::Column::ClosedAt.is_null())
        .find_also_related(client::Entity)
        .order_by_with_nulls(
            Expr::col((quote::Entity, quote::Column::DueDate)),
            Order::Asc,
            NullOrdering::Last,
        )
        .order_by_asc(quote::Column::Id)
        .all(&state.db)
        .await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|(q, c)| QuoteListItem {
                id: q.id,
                property_address_line1: q.property_address_line1,
                property_city: q.property_city,
                property_state_code: q.property_state_code,
                property_zip_code: q.property_zip_code,
                due_date: q.due_date,
                client_company: c.map(|c| c.company_name),
                property_type: q.property_type,
                appraiser_fee: q.appraiser_fee_cents.map(Cents),
                report_type: q.report_type,
                intended_use: q.intended_use,
            })
            .collect(),
    ))
}

/// One quote the caller received, with their answer; 404 for anyone else.
#[utoipa::path(
    get,
    path = "/api/quotes/details/{id}",
    tag = "quotes",
    params(("id" = i32, Path, description = "quote id")),
    responses(
        (status = 200, body = QuoteDetailResponse),
        (status = 400, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn details(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<QuoteDetailResponse>> {
    let (recipient, q) = find_for(&state.db, &caller, id).await?;
    Ok(axum::Json(detail_of(&state.db, recipient, q).await?))
}

/// Stores an answer if the caller's row is still unanswered and the quote still open. The
/// conditional UPDATE is the transaction's first statement, so two answers at once queue on the
/// write lock and exactly one matches; the other gets the 409 of the state it finds.
async fn answer(
    state: &AppState,
    caller: &CurrentUser,
    q: &quote::Model,
    set: Vec<(quote_recipient::Column, Expr)>,
    audit_action: &str,
    detail: String,
) -> AppResult<()> {
    let txn = portal_db::begin_write(&state.db).await?;
    let mut update = quote_recipient::Entity::update_many();
    for (column, value) in set {
        update = update.col_expr(column, value);
    }
    let updated = update
        .filter(quote_recipient::Column::QuoteId.eq(q.id))
        .filter(quote_recipient::Column::AppraiserUserId.eq(caller.id()))
        .filter(quote_recipient::Column::Answer.is_null())
        .filter(
            quote_recipient::Column::QuoteId.in_subquery(
                Query::select()
                    .column(quote::Column::Id)
                    .from(quote::Entity)
                    .and_where(quote::Column::ClosedAt.is_null())
                    .to_owned(),
            ),
        )
        .exec(&txn)
        .await?;
    if updated.rows_affected != 1 {
        txn.rollback().await?;
        let (recipient, q) = find_for(&state.db, caller, q.id).await?;
        return Err(RecipientState::of(&q, &recipient).conflict().unwrap_or_else(|| {
            AppError::Conflict("You have already answered this quote.".into())
        }));
    }
    audit::record(
        &txn,
        AuditEntry {
            action: audit_action,
            actor: Some(caller.id()),
            subject: Some(caller.id()),
            detail: Some(detail),
            ip: None,
        },
    )
    .await?;
    let change = live::Change {
        kind: live::Kind::Quote,
        order_id: None,
        quote_id: Some(q.id.into()),
        appraisers: vec![caller.id()],
        company_id: None,
    };
    live::record(&txn, change).await?;
    txn.commit().await?;
    Ok(())
}

/// Responds to a quote with a delivery date, a fee and a comment (the Respond to Quote dialog).
#[utoipa::path(post, path = "/api/quotes/accept", tag = "quotes", request_body = AcceptQuote,
    responses((status = 200, body = QuoteDetailResponse), (status = 404, body = MessageResponse),
              (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn accept(
    Call { state, caller }: Call,
    Json(body): Json<AcceptQuote>,
) -> AppResult<axum::Json<QuoteDetailResponse>> {
    let today = today(&state)?;
    let (recipient, q) = find_for(&state.db, &caller, body.quote_id).await?;
    if let Some(conflict) = RecipientState::of(&q, &recipient).conflict() {
        return Err(conflict);
    }
    let r = check_response(
        body.estimated_delivery_date.as_deref(),
        body.appraiser_fee,
        body.comment.as_deref(),
        today,
    )?;
    let detail =
        format!("quote {} fee {} cents, delivery {}", q.id, r.fee_cents, r.estimated_delivery_date);
    let set = vec![
        (quote_recipient::Column::Answer, Expr::value(ANSWER_ACCEPTED)),
        (quote_recipient::Column::AnsweredAt, Expr::value(Utc::now())),
        (quote_recipient::Column::EstimatedDeliveryDate, Expr::value(r.estimated_delivery_date)),
        (quote_recipient::Column::AppraiserFeeCents, Expr::value(r.fee_cents)),
        (quote_recipient::Column::Comment, Expr::value(r.comment)),
    ];
    answer(&state, &caller, &q, set, "quote.respond", detail).await?;
    let (recipient, q) = find_for(&state.db, &caller, body.quote_id).await?;
    Ok(axum::Json(detail_of(&state.db, recipient, q).await?))
}

/// Rejects a quote with a reason; it leaves the caller's Open Quotes.
#[utoipa::path(post, path = "/api/quotes/reject", tag = "quotes", request_body = RejectQuote,
    responses((status = 200, body = MessageResponse), (status = 404, body = MessageResponse),
              (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn reject(
    Call { state, caller }: Call,
    Json(body): Json<RejectQuote>,
) -> AppResult<axum::Json<MessageResponse>> {
    let (recipient, q) = find_for(&state.db, &caller, body.quote_id).await?;
    if let Some(conflict) = RecipientState::of(&q, &recipient).conflict() {
        return Err(conflict);
    }
    let reason = check_reject_reason(body.reject_reason.as_deref())?;
    let set = vec![
        (quote_recipient::Column::Answer, Expr::value(ANSWER_REJECTED)),
        (quote_recipient::Column::AnsweredAt, Expr::value(Utc::now())),
        (quote_recipient::Column::RejectReason, Expr::value(reason)),
    ];
    answer(&state, &caller, &q, set, "quote.reject", format!("quote {}", q.id)).await?;
    Ok(axum::Json(MessageResponse::new("Quote rejected")))
}
