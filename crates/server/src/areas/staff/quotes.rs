//! The staff quote desk: a quote request goes to one or more appraisers (each sees it under Open
//! Quotes at once and is e-mailed), staff compare the answers, and award the work to one who
//! responded (it becomes an order assigned to them at their fee and date, and the request closes
//! for everyone else) or close the request.
use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{
    appraiser_profile, client, quote, quote_recipient, report_type, security_user,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::assignment::candidates::{Clock, award_refusal};
use crate::features::billing::prices::list_fee;
use crate::features::quotes::ANSWER_ACCEPTED;
use crate::kernel::clients::client_names;
use crate::kernel::orders::apply::invite;
use crate::kernel::orders::client_events::Source;
use crate::kernel::orders::details::empty_detail;
use crate::kernel::orders::life::{self, Assignee, NewOrder};
use crate::kernel::orders::placing::{Property, check_due_date, check_kind, check_property};
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::{invalid, named, optional, positive_fee};
use crate::platform::geocoder::Address;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{
    AppError, AppResult, ChangeAnswers, MessageResponse, ReadAnswers,
};
use crate::platform::http::extract::{Json, Path};
use crate::platform::live;
use crate::platform::money::{Amount, Cents};
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_quotes, create_quote))
        .routes(routes!(quote_detail))
        .routes(routes!(award_quote))
        .routes(routes!(close_quote))
}

/// The most appraisers one request goes to.
const MAX_RECIPIENTS: usize = 20;
pub const MSG_NOT_FOUND: &str = "No such quote request.";
pub const MSG_CLOSED: &str = "This quote request is closed.";
pub const MSG_NOT_RESPONDED: &str = "Only an appraiser who responded can be awarded the quote.";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteForm {
    #[schema(required = true, value_type = i32)]
    pub client_id: Option<i32>,
    pub loan_number: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_address_line1: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_city: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_state_code: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_zip: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_county: Option<String>,
    #[schema(required = true, value_type = i32)]
    pub property_type_id: Option<i32>,
    #[schema(required = true, value_type = i32)]
    pub intended_use_id: Option<i32>,
    #[schema(required = true, value_type = i32)]
    pub report_type_id: Option<i32>,
    /// yyyy-mm-dd
    #[schema(required = true, value_type = String)]
    pub due_date: Option<String>,
    /// Dollars: what the company would pay.
    #[schema(required = true)]
    #[serde(default)]
    pub appraiser_fee: Amount,
    /// Security user ids of the appraisers asked.
    #[serde(default)]
    pub appraiser_ids: Vec<i32>,
}

/// One quote request in staff's list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQuoteItem {
    pub id: i32,
    pub property_address: String,
    pub client_company: Option<String>,
    pub due_date: Option<NaiveDate>,
    pub appraiser_fee: Option<Cents>,
    pub report_type: Option<String>,
    /// open, closed or awarded.
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub recipients: usize,
    /// How many answered (responded or rejected).
    pub answered: usize,
    pub responded: usize,
}

/// One recipient of a quote request and their answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAnswerRow {
    pub appraiser_id: i32,
    pub name: String,
    pub company: Option<String>,
    /// waiting, responded or rejected.
    pub status: String,
    pub fee: Option<Cents>,
    pub delivery_date: Option<NaiveDate>,
    pub comment: Option<String>,
    pub reject_reason: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQuoteDetail {
    #[serde(flatten)]
    pub quote: StaffQuoteItem,
    pub loan_number: Option<String>,
    pub property_county: Option<String>,
    pub property_type: String,
    pub intended_use: String,
    pub awarded_appraiser_id: Option<i32>,
    pub order_id: Option<i64>,
    pub answers: Vec<QuoteAnswerRow>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AwardBody {
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
}

fn status_of(q: &quote::Model) -> &'static str {
    match (q.closed_at, q.awarded_appraiser_id) {
        (None, _) => "open",
        (Some(_), Some(_)) => "awarded",
        (Some(_), None) => "closed",
    }
}

fn answer_status(r: &quote_recipient::Model) -> &'static str {
    match r.answer.as_deref() {
        None => "waiting",
        Some(ANSWER_ACCEPTED) => "responded",
        Some(_) => "rejected",
    }
}

fn item(
    q: &quote::Model,
    recipients: &[quote_recipient::Model],
    clients: &HashMap<i32, String>,
) -> StaffQuoteItem {
    let mine: Vec<&quote_recipient::Model> =
        recipients.iter().filter(|r| r.quote_id == q.id).collect();
    StaffQuoteItem {
        id: q.id,
        property_address: format!(
            "{}, {}, {} {}",
            q.property_address_line1, q.property_city, q.property_state_code, q.property_zip_code
        ),
        client_company: q.client_id.and_then(|id| clients.get(&id).cloned()),
        due_date: q.due_date,
        appraiser_fee: q.appraiser_fee_cents.map(Cents),
        report_type: q.report_type.clone(),
        status: status_of(q).into(),
        created_at: q.created_at,
        recipients: mine.len(),
        answered: mine.iter().filter(|r| r.answer.is_some()).count(),
        responded: mine.iter().filter(|r| answer_status(r) == "responded").count(),
    }
}

/// The active appraisers (and firm administrators) among `ids`, or 422 naming the first that is
/// not one.
async fn appraisers(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> AppResult<Vec<security_user::Model>> {
    let found = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids.to_vec()))
        .all(db)
        .await?;
    ids.iter()
        .map(|id| {
            found
                .iter()
                .find(|u| u.id == *id && u.active && u.user_type.is_appraiser_kind())
                .cloned()
                .ok_or_else(|| invalid(format!("User {id} is not an active appraiser.")))
        })
        .collect()
}

/// Open requests first, then the newest.
#[utoipa::path(
    get,
    path = "/api/staff/quotes",
    tag = "staff",
    responses((status = 200, body = Vec<StaffQuoteItem>), (status = 403, body = MessageResponse)),
)]
async fn list_quotes(State(state): State<AppState>) -> AppResult<axum::Json<Vec<StaffQuoteItem>>> {
    let db = &state.db;
    let quotes = quote::Entity::find().order_by_desc(quote::Column::Id).all(db).await?;
    let recipients = quote_recipient::Entity::find().all(db).await?;
    let clients = client_names(db).await?;
    let mut items: Vec<StaffQuoteItem> =
        quotes.iter().map(|q| item(q, &recipients, &clients)).collect();
    items.sort_by_key(|i| i.status != "open");
    Ok(axum::Json(items))
}

/// Sends a quote request to the chosen appraisers (201 with its id).
#[utoipa::path(
    post,
    path = "/api/staff/quotes",
    tag = "staff",
    request_body = QuoteForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_quote(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<QuoteForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let today = state.config.today().map_err(AppError::Internal)?;
    let client_id = form.client_id.ok_or_else(|| invalid("Client is required."))?;
    let property = check_property(
        form.property_address_line1.as_deref(),
        form.property_city.as_deref(),
        form.property_state_code.as_deref(),
        form.property_zip.as_deref(),
        form.property_county.as_deref(),
    )?;
    let (property_type, intended_use) = check_kind(form.property_type_id, form.intended_use_id)?;
    let report_type_id = form.report_type_id.ok_or_else(|| invalid("Report type is required."))?;
    let due = check_due_date(named("dueDate", "Due date"), form.due_date.as_deref(), today)?;
    let fee = positive_fee(named("appraiserFee", "Appraiser fee"), form.appraiser_fee)?;
    let loan_number =
        optional(named("loanNumber", "Loan number"), form.loan_number.as_deref(), 30)?;
    let mut ids = form.appraiser_ids.clone();
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(*id));
    if ids.is_empty() || ids.len() > MAX_RECIPIENTS {
        return Err(invalid(format!("Choose 1 to {MAX_RECIPIENTS} appraisers.")));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    if client::Entity::find_by_id(client_id).one(&txn).await?.is_none() {
        return Err(invalid(format!("Client {client_id} does not exist.")));
    }
    let product = report_type::Entity::find_by_id(report_type_id)
        .one(&txn)
        .await?
        .ok_or_else(|| invalid(format!("Report type {report_type_id} does not exist.")))?;
    let recipients = appraisers(&txn, &ids).await?;
    let now = Utc::now();
    let saved = quote::ActiveModel {
        id: NotSet,
        loan_id: Set(loan_number),
        property_address_line1: Set(property.line1),
        property_city: Set(property.city),
        property_state_code: Set(property.state_code),
        property_zip_code: Set(property.zip),
        property_county: Set(Some(property.county)),
        property_type: Set(property_type.into()),
        intended_use: Set(intended_use.into()),
        report_type: Set(Some(product.product_description)),
        appraiser_fee_cents: Set(Some(fee)),
        due_date: Set(Some(due)),
        latitude: Set(None),
        longitude: Set(None),
        client_id: Set(Some(client_id)),
        created_at: Set(now),
        closed_at: Set(None),
        awarded_appraiser_id: Set(None),
        order_id: Set(None),
    }
    .insert(&txn)
    .await?;
    let address = format!(
        "{}, {}, {} {}",
        saved.property_address_line1,
        saved.property_city,
        saved.property_state_code,
        saved.property_zip_code
    );
    for appraiser in &recipients {
        unanswered_recipient(saved.id, appraiser.id, now).insert(&txn).await?;
        let notice = Notice {
            event: Event::QuoteRequest,
            subject: format!("New quote request: {address}"),
            lines: vec![
                format!(
                    "You have a new quote request for {address}, due {}.",
                    due.format("%m/%d/%Y")
                ),
                "Please respond or reject it.".into(),
            ],
            link: format!("/appraiser/quote/{}", saved.id),
        };
        notify(&txn, &state.config, appraiser, notice).await?;
    }
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.quote_created",
        format!("quote {} to {} appraisers", saved.id, recipients.len()),
    )
    .await?;
    announce(&txn, saved.id, None).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}

/// The row of an appraiser a quote request went to at `sent_at`, before they answer.
pub fn unanswered_recipient(
    quote_id: i32,
    appraiser_user_id: i32,
    sent_at: DateTime<Utc>,
) -> quote_recipient::ActiveModel {
    quote_recipient::ActiveModel {
        id: NotSet,
        quote_id: Set(quote_id),
        appraiser_user_id: Set(appraiser_user_id),
        sent_at: Set(sent_at),
        answer: Set(None),
        answered_at: Set(None),
        estimated_delivery_date: Set(None),
        appraiser_fee_cents: Set(None),
        comment: Set(None),
        reject_reason: Set(None),
    }
}

#[doc = " One request with a row per recipient: waiting, responded (fee, date, comment) \
         or rejected (reason)."]
#[utoipa::path(
    get,
    path = "/api/staff/quotes/{id}",
    tag = "staff",
    params(("id" = i32, Path, description = "Quote id")),
    responses((status = 200, body = StaffQuoteDetail), ReadAnswers),
)]
async fn quote_detail(
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<StaffQuoteDetail>> {
    let db = &state.db;
    let q = quote::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NOT_FOUND.into()))?;
    let recipients = quote_recipient::Entity::find()
        .filter(quote_recipient::Column::QuoteId.eq(id))
        .order_by_asc(quote_recipient::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i32> = recipients.iter().map(|r| r.appraiser_user_id).collect();
    let users: HashMap<i32, security_user::Model> = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let profiles = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.is_in(ids))
        .all(db)
        .await?;
    let firms = super::firm_names(db).await?;
    let company_of = |user_id: i32| {
        profiles
            .iter()
            .find(|p| p.security_user_id == user_id)
            .and_then(|p| p.company_id)
            .and_then(|c| firms.get(&c).cloned())
    };
    let answers = recipients
        .iter()
        .map(|r| QuoteAnswerRow {
            appraiser_id: r.appraiser_user_id,
            name: users.get(&r.appraiser_user_id).map(full_name).unwrap_or_default(),
            company: company_of(r.appraiser_user_id),
            status: answer_status(r).into(),
            fee: r.appraiser_fee_cents.map(Cents),
            delivery_date: r.estimated_delivery_date,
            comment: r.comment.clone(),
            reject_reason: r.reject_reason.clone(),
            answered_at: r.answered_at,
        })
        .collect();
    Ok(axum::Json(StaffQuoteDetail {
        quote: item(&q, &recipients, &client_names(db).await?),
        loan_number: q.loan_id.clone(),
        property_county: q.property_county.clone(),
        property_type: q.property_type.clone(),
        intended_use: q.intended_use.clone(),
        awarded_appraiser_id: q.awarded_appraiser_id,
        order_id: q.order_id,
        answers,
    }))
}

/// Gives the work to a recipient who responded: a new order for the quote's client and property,
/// assigned to them at their fee and date; the request closes for everyone else (201: the order).
#[utoipa::path(
    post,
    path = "/api/staff/quotes/{id}/award",
    tag = "staff",
    request_body = AwardBody,
    params(("id" = i32, Path, description = "Quote id")),
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn award_quote(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<AwardBody>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let appraiser_id = body
        .appraiser_id
        .ok_or_else(|| invalid("Please select the appraiser to award the quote to."))?;
    // Placed on the map before the write begins: an address service may take a while.
    let position = match quote::Entity::find_by_id(id).one(&state.db).await? {
        Some(q) => {
            let address = Address {
                line1: &q.property_address_line1,
                city: &q.property_city,
                state_code: &q.property_state_code,
                zip: &q.property_zip_code,
            };
            state.geocoder.locate(address).await
        }
        None => None,
    };
    let txn = portal_db::begin_write(&state.db).await?;
    let q = quote::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NOT_FOUND.into()))?;
    if q.closed_at.is_some() {
        return Err(AppError::Conflict(MSG_CLOSED.into()));
    }
    let answer = quote_recipient::Entity::find()
        .filter(quote_recipient::Column::QuoteId.eq(id))
        .filter(quote_recipient::Column::AppraiserUserId.eq(appraiser_id))
        .filter(quote_recipient::Column::Answer.eq(ANSWER_ACCEPTED))
        .one(&txn)
        .await?
        .ok_or_else(|| invalid(MSG_NOT_RESPONDED))?;
    let clock = Clock::of(&state)?;
    let due = answer.estimated_delivery_date.or(q.due_date);
    let county = q.property_county.as_deref();
    if let Some(why) =
        award_refusal(&txn, &q.property_state_code, county, due, clock, appraiser_id).await?
    {
        return Err(AppError::Conflict(why));
    }
    let appraiser = appraisers(&txn, &[appraiser_id]).await?.remove(0);
    let company = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(appraiser_id))
        .one(&txn)
        .await?
        .and_then(|p| p.company_id);
    let product = match &q.report_type {
        Some(description) => {
            report_type::Entity::find()
                .filter(report_type::Column::ProductDescription.eq(description.as_str()))
                .one(&txn)
                .await?
        }
        None => None,
    };
    let now = Utc::now();
    let mut detail = empty_detail(0).into_active_model();
    detail.property_type = Set(Some(q.property_type.clone()));
    detail.intended_use = Set(Some(q.intended_use.clone()));
    detail.report_type1_id = Set(product.as_ref().map(|p| p.id));
    detail.appraiser_fee_cents = Set(answer.appraiser_fee_cents.or(q.appraiser_fee_cents));
    if let (Some(client_id), Some(p)) = (q.client_id, product.as_ref()) {
        detail.client_fee_cents = Set(list_fee(&txn, client_id, &[p.id]).await?);
    }
    let who = full_name(&caller.user);
    let new = NewOrder {
        client_id: q.client_id,
        source: Source::Staff,
        property: Property {
            line1: q.property_address_line1.clone(),
            city: q.property_city.clone(),
            state_code: q.property_state_code.clone(),
            zip: q.property_zip_code.clone(),
            county: q.property_county.clone().unwrap_or_default(),
        },
        position,
        loan_number: q.loan_id.clone(),
        // A quote names no borrower: staff add it on the order's form.
        borrower_name: String::new(),
        appraiser: Some(Assignee { appraiser_id, company_id: company }),
        appraiser_due: answer.estimated_delivery_date.or(q.due_date),
        inspection_due: None,
        is_desktop: product.as_ref().is_some_and(|p| p.is_desktop),
        detail,
        contacts: Vec::new(),
        client_row: None,
        actor: Some(caller.id()),
        placed_by: format!("{who} (staff, awarding quote {id})"),
        history: format!(
            "Order created from quote {id} and assigned to {} by {who}.",
            full_name(&appraiser)
        ),
        ip: Some(ip.clone()),
    };
    let created = life::create(&txn, &state.config, new).await?;
    // Closing last, on the condition it is still open: of two awards at once, one finds it closed.
    let closed = quote::Entity::update_many()
        .col_expr(quote::Column::ClosedAt, Expr::value(now))
        .col_expr(quote::Column::AwardedAppraiserId, Expr::value(appraiser_id))
        .col_expr(quote::Column::OrderId, Expr::value(created.id))
        .filter(quote::Column::Id.eq(id))
        .filter(quote::Column::ClosedAt.is_null())
        .exec(&txn)
        .await?;
    if closed.rows_affected != 1 {
        return Err(AppError::Conflict(MSG_CLOSED.into()));
    }
    invite(&txn, &state.config, &created, &appraiser).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.quote_awarded",
        format!("quote {id} to appraiser {appraiser_id}: order {}", created.id),
    )
    .await?;
    announce(&txn, id, Some(created.id)).await?;
    txn.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(Created { id: created.id, file_number: Some(created.file_number) }),
    ))
}

/// Closes the request: nobody can answer it any more and it leaves every Open Quotes list.
#[utoipa::path(
    post,
    path = "/api/staff/quotes/{id}/close",
    tag = "staff",
    params(("id" = i32, Path, description = "Quote id")),
    responses(ChangeAnswers),
)]
async fn close_quote(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
) -> AppResult<axum::Json<MessageResponse>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let closed = quote::Entity::update_many()
        .col_expr(quote::Column::ClosedAt, Expr::value(Utc::now()))
        .filter(quote::Column::Id.eq(id))
        .filter(quote::Column::ClosedAt.is_null())
        .exec(&txn)
        .await?;
    if closed.rows_affected != 1 {
        let exists = quote::Entity::find_by_id(id).one(&txn).await?.is_some();
        return Err(if exists {
            AppError::Conflict(MSG_CLOSED.into())
        } else {
            AppError::NotFound(MSG_NOT_FOUND.into())
        });
    }
    audit_staff(&txn, &caller, &ip, "staff.quote_closed", format!("quote {id}")).await?;
    announce(&txn, id, None).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("The quote request was closed.")))
}

/// Tells the quote's recipients' pages (and staff's) that it changed.
async fn announce(
    txn: &impl sea_orm::ConnectionTrait,
    quote_id: i32,
    order_id: Option<i64>,
) -> AppResult<()> {
    let recipients = quote_recipient::Entity::find()
        .filter(quote_recipient::Column::QuoteId.eq(quote_id))
        .all(txn)
        .await?;
    let change = live::Change {
        kind: live::Kind::Quote,
        order_id,
        quote_id: Some(quote_id.into()),
        appraisers: recipients.into_iter().map(|r| r.appraiser_user_id).collect(),
        company_id: None,
    };
    live::record(txn, change).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses() {
        let now = Utc::now();
        let q = |closed_at, awarded_appraiser_id| quote::Model {
            id: 1,
            loan_id: None,
            property_address_line1: String::new(),
            property_city: String::new(),
            property_state_code: String::new(),
            property_zip_code: String::new(),
            property_county: None,
            property_type: String::new(),
            intended_use: String::new(),
            report_type: None,
            appraiser_fee_cents: None,
            due_date: None,
            latitude: None,
            longitude: None,
            client_id: None,
            created_at: now,
            closed_at,
            awarded_appraiser_id,
            order_id: None,
        };
        assert_eq!(status_of(&q(None, None)), "open");
        assert_eq!(status_of(&q(Some(now), Some(3))), "awarded");
        assert_eq!(status_of(&q(Some(now), None)), "closed");
    }
}
