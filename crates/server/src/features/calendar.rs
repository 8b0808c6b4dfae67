//! Each user's private calendar feed: `/ical/{token}.ics`, readable by any calendar program, with
//! the user's scheduled inspections (start, end, address) and the due dates of their open orders as
//! all-day events. Making a new URL ends the old one at once.
use std::collections::HashMap;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use icalendar::{Calendar, Component, Event, EventLike};
use portal_db::entities::{calendar_feed, order, order_detail};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::status::{self, OrderStatus};
use crate::platform::call::Call;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::Path;
use crate::platform::state::AppState;
use crate::platform::tokens::random_token;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(calendar_feed)).routes(routes!(regenerate_calendar_feed))
}

/// An appointment whose end was not recorded lasts this long in the feed.
const DEFAULT_APPOINTMENT: Duration = Duration::hours(1);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarFeed {
    /// The private feed URL: anyone with it reads the caller's calendar, so it is for them alone.
    pub url: String,
    pub created_at: DateTime<Utc>,
}

fn feed_url(state: &AppState, feed: &calendar_feed::Model) -> axum::Json<CalendarFeed> {
    let url = state.config.link(&format!("/ical/{}.ics", feed.token));
    axum::Json(CalendarFeed { url, created_at: feed.created_at })
}

/// Stores a new token for the user (replacing any old one) and answers the feed.
async fn make_feed(db: &impl ConnectionTrait, user_id: i32) -> AppResult<calendar_feed::Model> {
    let feed = calendar_feed::Model { user_id, token: random_token(), created_at: Utc::now() };
    calendar_feed::Entity::insert(calendar_feed::ActiveModel::from(feed.clone()))
        .on_conflict(
            OnConflict::column(calendar_feed::Column::UserId)
                .update_columns([calendar_feed::Column::Token, calendar_feed::Column::CreatedAt])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(feed)
}

/// The caller's calendar feed URL, made on the first call.
#[utoipa::path(get, path = "/api/me/calendar-feed", tag = "calendar",
    responses((status = 200, body = CalendarFeed), (status = 401, body = MessageResponse)))]
async fn calendar_feed(Call { state, caller }: Call) -> AppResult<axum::Json<CalendarFeed>> {
    let feed = match calendar_feed::Entity::find_by_id(caller.id()).one(&state.db).await? {
        Some(feed) => feed,
        None => make_feed(&state.db, caller.id()).await?,
    };
    Ok(feed_url(&state, &feed))
}

/// A new feed URL for the caller; the previous one stops working at once.
#[utoipa::path(post, path = "/api/me/calendar-feed/regenerate", tag = "calendar",
    responses((status = 200, body = CalendarFeed), (status = 401, body = MessageResponse)))]
async fn regenerate_calendar_feed(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<CalendarFeed>> {
    let feed = make_feed(&state.db, caller.id()).await?;
    Ok(feed_url(&state, &feed))
}

/// GET /ical/{token}.ics: the feed, or 404 for a token that is unknown or was replaced.
pub async fn feed(State(state): State<AppState>, Path(file): Path<String>) -> AppResult<Response> {
    let not_found = || Ok(StatusCode::NOT_FOUND.into_response());
    let Some(token) = file.strip_suffix(".ics") else { return not_found() };
    let found = calendar_feed::Entity::find()
        .filter(calendar_feed::Column::Token.eq(token))
        .one(&state.db)
        .await?;
    let Some(feed) = found else { return not_found() };
    let calendar = calendar_of(&state.db, feed.user_id, Utc::now()).await?;
    let headers = [
        (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
        (header::CACHE_CONTROL, "private, max-age=300"),
    ];
    Ok((headers, calendar.to_string()).into_response())
}

/// The user's open orders as events: each scheduled inspection, and each due date (all day).
pub async fn calendar_of(
    db: &impl ConnectionTrait,
    user_id: i32,
    now: DateTime<Utc>,
) -> AppResult<Calendar> {
    let orders = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.eq(user_id))
        .filter(order::Column::StatusId.is_not_in(status::CLOSED))
        .all(db)
        .await?;
    let ends: HashMap<i64, DateTime<Utc>> = order_detail::Entity::find()
        .filter(order_detail::Column::OrderId.is_in(orders.iter().map(|o| o.id)))
        .filter(order_detail::Column::AppointmentEndAt.is_not_null())
        .all(db)
        .await?
        .into_iter()
        .filter_map(|d| Some((d.order_id, d.appointment_end_at?)))
        .collect();
    let mut calendar = Calendar::new();
    calendar.name("Appraisal Portal").description("Inspections and due dates of your open orders");
    for o in orders {
        let address = o.property_address();
        let scheduled = matches!(o.status_id, OrderStatus::Scheduled | OrderStatus::Rescheduled);
        if let (true, Some(start)) = (scheduled, o.inspection_actual_date) {
            let end = ends
                .get(&o.id)
                .copied()
                .filter(|end| *end > start)
                .unwrap_or(start + DEFAULT_APPOINTMENT);
            calendar.push(
                Event::new()
                    .uid(&format!("inspection-{}@appraisalportal", o.id))
                    .timestamp(now)
                    .summary(&format!("Inspection: {address}"))
                    .location(&address)
                    .description(&format!(
                        "Order {}. Borrower: {}.",
                        o.file_number, o.borrower_name
                    ))
                    .starts(start)
                    .ends(end)
                    .done(),
            );
        }
        if let Some(due) = o.appraiser_due_date {
            calendar.push(
                Event::new()
                    .uid(&format!("due-{}@appraisalportal", o.id))
                    .timestamp(now)
                    .summary(&format!("Due: order {} ({address})", o.file_number))
                    .all_day(due)
                    .done(),
            );
        }
    }
    Ok(calendar.done())
}
