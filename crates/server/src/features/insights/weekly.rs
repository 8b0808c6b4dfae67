//! Monday's summary of the past week, for the staff and lender users who ask for it (their
//! notification preferences): orders received and delivered, turn time, the on-time rate and the
//! open exceptions, with a link to the insights page. Recording it in `sent_reminders` is the
//! claim: of several server copies only one sends it.
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use portal_db::entities::{notification_preference, order, security_user};
use portal_db::user_type::UserType;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QuerySelect, QueryTrait,
};

use super::InsightMetric;
use super::chart::{Insight, Interval};
use super::filters::Scope;
use crate::kernel::clients::client_of;
use crate::kernel::orders::status::{OrderStatus, open_statuses};
use crate::platform::config::Config;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::notifications::{
    Delivery, Event, Notice, Preferences, claim_reminder, notify,
};

const CLAIM: &str = "weekly-summary";

/// On Mondays, sends the past week's summary to everyone who asked for it and has not had it
/// today. Answers how many were sent.
pub async fn send_due(
    db: &DatabaseConnection,
    config: &Config,
    now: DateTime<Utc>,
) -> AppResult<usize> {
    let zone = config.time_zone().map_err(AppError::Internal)?;
    let today = now.with_timezone(&zone).date_naive();
    if today.weekday() != Weekday::Mon {
        return Ok(0);
    }
    let asked = notification_preference::Entity::find()
        .filter(notification_preference::Column::Choices.contains(Event::WeeklySummary.key()))
        .all(db)
        .await?;
    // The company's summary is the same for every member of staff: made once a round.
    let mut company: Option<Option<Notice>> = None;
    let mut sent = 0;
    for row in asked {
        let prefs = Preferences::from_row(row)?;
        if prefs.delivery(Event::WeeklySummary) == Delivery::None {
            continue;
        }
        let Some(user) = security_user::Entity::find_by_id(prefs.user_id).one(db).await? else {
            continue;
        };
        if !user.active {
            continue;
        }
        let summary = match user.user_type {
            UserType::Staff | UserType::Secret => match &company {
                Some(made) => made.clone(),
                None => company.insert(summary_for(db, &user, today).await?).clone(),
            },
            _ => summary_for(db, &user, today).await?,
        };
        if let Some(summary) = summary {
            sent += usize::from(send_to(db, config, &user, summary, today).await?);
        }
    }
    Ok(sent)
}

/// Sends `summary` to `user` unless it was sent today (by this copy or another).
async fn send_to(
    db: &DatabaseConnection,
    config: &Config,
    user: &security_user::Model,
    summary: Notice,
    today: NaiveDate,
) -> AppResult<bool> {
    let txn = portal_db::begin_write(db).await?;
    let claimed = claim_reminder(&txn, (CLAIM, i64::from(user.id)), today).await?;
    if claimed {
        notify(&txn, config, user, summary).await?;
        txn.commit().await?;
    }
    Ok(claimed)
}

/// The summary of the week before `today` for `user`: the company's for staff, the lender's
/// own orders (within the user's seat) for a lender's user; None for anyone else.
pub async fn summary_for(
    db: &impl ConnectionTrait,
    user: &security_user::Model,
    today: NaiveDate,
) -> AppResult<Option<Notice>> {
    let week = (today - Duration::days(7), today - Duration::days(1));
    let (scope, link) = match user.user_type {
        UserType::Staff | UserType::Secret => {
            (Scope::of_week(week, today, None), "/staff/insights")
        }
        UserType::Client => {
            let seat = client_of(db, &CurrentUser::offline(user.clone())).await?;
            (Scope::of_week(week, today, Some(seat)), "/client/insights")
        }
        _ => return Ok(None),
    };
    let volume = super::insight(db, InsightMetric::Volume, &scope, false).await?;
    let turn = super::insight(db, InsightMetric::TurnTime, &scope, false).await?;
    let quality = super::insight(db, InsightMetric::Quality, &scope, false).await?;
    let exceptions = open_exceptions(db, &scope).await?;
    let (received, delivered) = (value(&volume, "received"), value(&volume, "delivered"));
    let lines = vec![
        format!("The week of {} to {}:", week.0.format("%b %-d"), week.1.format("%b %-d, %Y")),
        format!("Orders received: {received}"),
        format!("Orders delivered: {delivered}"),
        format!("Median turn time to delivery: {}", days(&turn, "deliveryMedian")),
        format!("On time: {}", share(&quality, "onTime")),
        format!("Open exceptions (past due or on hold): {exceptions}"),
    ];
    Ok(Some(Notice {
        event: Event::WeeklySummary,
        subject: format!("Your week: {received} received, {delivered} delivered"),
        lines,
        link: format!("{link}?from={}&to={}&interval=day", week.0, week.1),
    }))
}

impl Scope {
    /// The past week as a scope, for the company (`seat` None) or a lender's user.
    fn of_week(
        (from, to): (NaiveDate, NaiveDate),
        today: NaiveDate,
        seat: Option<crate::kernel::clients::ClientSeat>,
    ) -> Scope {
        Scope {
            from,
            to,
            interval: Interval::Day,
            today,
            client_id: seat.map(|s| s.client_id),
            seat,
            product_id: None,
            state: None,
            firm_id: None,
        }
    }
}

/// Open orders of the scope past their appraiser due date or on hold.
async fn open_exceptions(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<u64> {
    let reached = scope
        .orders()
        .select_only()
        .column(portal_db::entities::order_insight::Column::OrderId)
        .into_query();
    let late_or_held = sea_orm::Condition::any()
        .add(order::Column::StatusId.eq(OrderStatus::OnHold))
        .add(order::Column::AppraiserDueDate.lt(scope.today));
    Ok(order::Entity::find()
        .filter(order::Column::StatusId.is_in(open_statuses()))
        .filter(late_or_held)
        .filter(order::Column::Id.in_subquery(reached))
        .count(db)
        .await?)
}

fn value(insight: &Insight, key: &str) -> f64 {
    insight.figures.iter().find(|f| f.key == key).and_then(|f| f.value).unwrap_or(0.0)
}

fn days(insight: &Insight, key: &str) -> String {
    match insight.figures.iter().find(|f| f.key == key).and_then(|f| f.value) {
        Some(v) => format!("{v:.1} business days"),
        None => "no deliveries".into(),
    }
}

fn share(insight: &Insight, key: &str) -> String {
    match insight.figures.iter().find(|f| f.key == key).and_then(|f| f.value) {
        Some(v) => format!("{v:.1}%"),
        None => "no reports with a due date".into(),
    }
}
