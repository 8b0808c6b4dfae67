//! Automatic offers. When a new order's policy is not manual (`policy`), the portal decides who is
//! offered it (`ranking`), records the decision with every candidate's figures, and offers the
//! order: to the best candidate (offer in turn) or the best few at once (broadcast). The order
//! stays on the desk, unassigned, while offered; the appraisers it is offered to see it on their
//! dashboard and answer with the usual Accept and Reject. The first to accept gets it (the others'
//! offers close and a late one is told, 409); a rejection or an offer left past its business hours
//! moves on to the next candidates; when no one is left the order goes back to staff (an
//! orders-team e-mail and the dashboard's flag).
use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use portal_db::entities::{
    appraiser_profile, assignment_decision, assignment_offer, order, order_detail, security_user,
};
use portal_db::status::OrderStatus;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction,
    EntityTrait, NotSet, QueryFilter, QueryOrder, Set,
};

use super::policy::{self, AssignmentMode, AssignmentPolicy};
use super::ranking::{self, RankedCandidate};
use crate::features::assignment::candidates::Clock;
use crate::kernel::orders::apply;
use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::platform::business_days::is_business_day;
use crate::platform::config::Config;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use futures_util::future::BoxFuture;

pub use crate::kernel::orders::offered::{ACCEPTED, CLOSED, DECLINED, EXPIRED, OPEN, open_until};

/// The company's business hours, on business days (company time).
pub const OPENS_AT: u32 = 9;
pub const CLOSES_AT: u32 = 17;

pub const MSG_TAKEN: &str = "Another appraiser accepted this order first.";
pub const MSG_EXPIRED: &str = "This offer has expired.";
pub const MSG_WITHDRAWN: &str = "This order is no longer offered to you.";

/// `hours` business hours after `start` (9 AM to 5 PM company time on business days).
pub fn business_hours_after(start: DateTime<Utc>, hours: i32, zone: Tz) -> DateTime<Utc> {
    let mut left = Duration::hours(i64::from(hours));
    let mut t = start.with_timezone(&zone).naive_local();
    loop {
        let day = t.date();
        let (opens, closes) = (at(day, OPENS_AT), at(day, CLOSES_AT));
        if !is_business_day(day) || t >= closes {
            t = at(day + Duration::days(1), 0);
            continue;
        }
        t = t.max(opens);
        if left <= closes - t {
            t += left;
            break;
        }
        left -= closes - t;
        t = at(day + Duration::days(1), 0);
    }
    zone.from_local_datetime(&t).earliest().map_or_else(|| t.and_utc(), |l| l.with_timezone(&Utc))
}

fn at(day: chrono::NaiveDate, hour: u32) -> NaiveDateTime {
    day.and_hms_opt(hour, 0, 0).expect("a whole hour")
}

/// Starts automatic assignment of a new (or newly paid) order when its client's policy is not
/// manual. An order the borrower must pay for first waits until paid; one without an appraiser
/// fee waits for staff (nothing is offered for $0.00).
pub async fn start(txn: &DatabaseTransaction, config: &Config, o: &order::Model) -> AppResult<()> {
    let policy = policy::for_client(txn, o.client_id).await?;
    let fee =
        order_detail::Entity::find_by_id(o.id).one(txn).await?.and_then(|d| d.appraiser_fee_cents);
    if policy.mode == AssignmentMode::Manual
        || o.assigned_appraiser_id.is_some()
        || fee.is_none_or(|cents| cents <= 0)
        || crate::kernel::orders::borrower_pays::ensure_paid(txn, config, o).await.is_err()
    {
        return Ok(());
    }
    offer_next(txn, config, o, policy, Utc::now()).await
}

/// Decides and records who is offered the order next, and offers it to them; back to staff when
/// no one may be.
async fn offer_next(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    policy: AssignmentPolicy,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let zone = config.time_zone().map_err(AppError::Internal)?;
    let clock = Clock { today: now.with_timezone(&zone).date_naive(), zone };
    let candidates = ranking::candidates(txn, o, clock, now).await?;
    let size = if policy.mode == AssignmentMode::Broadcast { policy.broadcast_size } else { 1 };
    let chosen: Vec<RankedCandidate> = candidates
        .iter()
        .filter(|c| c.rank.is_some())
        .take(usize::try_from(size).unwrap_or(1))
        .cloned()
        .collect();
    let decision = assignment_decision::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        decided_at: Set(now),
        mode: Set(policy.mode.name().into()),
        outcome: Set(if chosen.is_empty() { "none" } else { "offered" }.into()),
        candidates: Set(
            serde_json::to_string(&candidates).map_err(|e| AppError::Internal(e.to_string()))?
        ),
    }
    .insert(txn)
    .await?;
    if chosen.is_empty() {
        return back_to_staff(txn, config, o).await;
    }
    let expires = business_hours_after(now, policy.offer_hours, zone);
    let until = expires.with_timezone(&zone).format("%m/%d/%Y %-I:%M %p").to_string();
    let mut offered = Vec::new();
    for c in &chosen {
        assignment_offer::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            decision_id: Set(decision.id),
            appraiser_id: Set(c.appraiser_id),
            offered_at: Set(now),
            expires_at: Set(Some(expires)),
            status: Set(OPEN.into()),
            closed_at: Set(None),
        }
        .insert(txn)
        .await?;
        tell_offered(
            txn,
            config,
            o,
            c,
            candidates.iter().filter(|r| r.rank.is_some()).count(),
            &until,
        )
        .await?;
        offered.push(format!("{} (rank {}, score {})", c.name, c.rank.unwrap_or(0), c.score));
    }
    let line = format!("Offered automatically to {} until {until}.", offered.join(", "));
    apply::note(txn, None, o, line, true).await?;
    apply::announce(txn, o, chosen.iter().map(|c| c.appraiser_id).collect()).await
}

async fn tell_offered(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    c: &RankedCandidate,
    eligible: usize,
    until: &str,
) -> AppResult<()> {
    let Some(appraiser) = security_user::Entity::find_by_id(c.appraiser_id).one(txn).await? else {
        return Ok(());
    };
    let notice = Notice {
        event: Event::NewAssignment,
        subject: format!("Order {} offered to you", o.file_number),
        lines: vec![
            format!("Order {} ({}) is offered to you.", o.file_number, o.property_address()),
            format!("Please accept or reject it by {until} (company time)."),
            format!(
                "Why you: rank {} of {eligible} eligible appraisers, score {} of 100.",
                c.rank.unwrap_or(0),
                c.score
            ),
        ],
        link: format!("/appraiser/orderdetails/{}", o.id),
    };
    notify(txn, config, &appraiser, notice).await
}

/// No one could be offered the order (or no one accepted): staff take it over.
async fn back_to_staff(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
) -> AppResult<()> {
    let line =
        "Automatic assignment found no appraiser to offer the order to: staff must assign it."
            .to_string();
    apply::note(txn, None, o, line.clone(), true).await?;
    let link = config.staff_order_link(o.id);
    let subject = format!("Order {}: no appraiser accepted", o.file_number);
    let lines = vec![format!("Order {} ({}): {line}", o.file_number, o.property_address()), link];
    crate::platform::delivery::email(txn, &config.orders_team_email, subject, lines).await?;
    Ok(())
}

/// The caller's open offer of the order, if any.
pub async fn open_offer(
    db: &impl ConnectionTrait,
    appraiser_id: i32,
    order_id: i64,
) -> AppResult<Option<assignment_offer::Model>> {
    Ok(assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(order_id))
        .filter(assignment_offer::Column::AppraiserId.eq(appraiser_id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .one(db)
        .await?)
}

/// Closes an open offer as `status`; false when it was no longer open (another copy or answer
/// came first).
async fn close_offer(
    db: &impl ConnectionTrait,
    offer_id: i64,
    status: &str,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let closed = assignment_offer::Entity::update_many()
        .col_expr(assignment_offer::Column::Status, Expr::value(status))
        .col_expr(assignment_offer::Column::ClosedAt, Expr::value(now))
        .filter(assignment_offer::Column::Id.eq(offer_id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .exec(db)
        .await?;
    Ok(closed.rows_affected == 1)
}

/// Closes every open offer of the order (staff assigned it, or someone accepted); answers the
/// appraisers whose offers closed.
pub async fn close_all(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<i32>> {
    let open = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(order_id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .all(db)
        .await?;
    let now = Utc::now();
    let mut closed = Vec::new();
    for offer in open {
        if close_offer(db, offer.id, CLOSED, now).await? {
            closed.push(offer.appraiser_id);
        }
    }
    Ok(closed)
}

/// Accept by an appraiser with an open offer: the order becomes theirs (accepted) if it is still
/// unassigned; otherwise 409 and a notice. None when the caller has no open offer.
pub async fn accept(
    db: &DatabaseConnection,
    config: &Config,
    caller: &CurrentUser,
    order_id: i64,
) -> AppResult<Option<String>> {
    let now = Utc::now();
    let txn = portal_db::begin_write(db).await?;
    let Some(offer) = open_offer(&txn, caller.id(), order_id).await? else {
        return match closed_offer_answer(&txn, caller.id(), order_id).await? {
            Some(refusal) => Err(refusal),
            None => Ok(None),
        };
    };
    if offer.expires_at.is_some_and(|t| t <= now) {
        return Err(AppError::Conflict(MSG_EXPIRED.into()));
    }
    let company = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(caller.id()))
        .one(&txn)
        .await?
        .and_then(|p| p.company_id);
    let taken = order::Entity::update_many()
        .col_expr(order::Column::StatusId, Expr::value(OrderStatus::Accepted))
        .col_expr(order::Column::AssignedAppraiserId, Expr::value(caller.id()))
        .col_expr(order::Column::AssignedCompanyId, Expr::value(company))
        .col_expr(order::Column::AssignmentActualDate, Expr::value(now))
        .col_expr(order::Column::AcceptedAt, Expr::value(now))
        .filter(order::Column::Id.eq(order_id))
        .filter(order::Column::AssignedAppraiserId.is_null())
        .filter(order::Column::StatusId.eq(OrderStatus::Default))
        .exec(&txn)
        .await?;
    if taken.rows_affected != 1 || !close_offer(&txn, offer.id, ACCEPTED, now).await? {
        drop(txn);
        return Err(lost(db, config, caller, order_id).await?);
    }
    let o = order::Entity::find_by_id(order_id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
    let others = close_all(&txn, order_id).await?;
    apply::record_invitation(&txn, order_id, caller.id(), now).await?;
    let html = format!(
        "<p>Order accepted by {} (offered automatically).</p>",
        crate::platform::delivery::html_escape(&full_name(&caller.user))
    );
    apply::history_entry(order_id, OrderStatus::Accepted, Some(caller.id()), html, now)
        .insert(&txn)
        .await?;
    crate::kernel::orders::client_events::order_moved(
        &txn,
        &o,
        OrderStatus::Default,
        OrderStatus::Accepted,
    )
    .await?;
    let mut appraisers = others.clone();
    appraisers.push(caller.id());
    apply::announce(&txn, &o, appraisers).await?;
    for other in others {
        tell_taken(&txn, config, &o, other).await?;
    }
    txn.commit().await?;
    Ok(Some("Order accepted.".into()))
}

/// The answer to an accept on an offer that was closed: another appraiser took the order (they
/// were told then), or staff withdrew it (assigned by hand, cancelled, put on hold). None when the
/// appraiser never had an offer of the order.
async fn closed_offer_answer(
    db: &impl ConnectionTrait,
    appraiser_id: i32,
    order_id: i64,
) -> AppResult<Option<AppError>> {
    let had_offer = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(order_id))
        .filter(assignment_offer::Column::AppraiserId.eq(appraiser_id))
        .filter(assignment_offer::Column::Status.is_in([CLOSED, EXPIRED]))
        .one(db)
        .await?
        .is_some();
    if !had_offer {
        return Ok(None);
    }
    let taken = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(order_id))
        .filter(assignment_offer::Column::Status.eq(ACCEPTED))
        .one(db)
        .await?
        .is_some();
    let message = if taken { MSG_TAKEN } else { MSG_WITHDRAWN };
    Ok(Some(AppError::Conflict(message.into())))
}

/// The caller's accept came too late: their offer closes, and the answer is 409, with a notice
/// when another appraiser took the order (unless the winner's acceptance closed the offer and told
/// them already).
async fn lost(
    db: &DatabaseConnection,
    config: &Config,
    caller: &CurrentUser,
    order_id: i64,
) -> AppResult<AppError> {
    let txn = portal_db::begin_write(db).await?;
    let mut closed_now = false;
    if let Some(offer) = open_offer(&txn, caller.id(), order_id).await? {
        closed_now = close_offer(&txn, offer.id, CLOSED, Utc::now()).await?;
    }
    let answer = closed_offer_answer(&txn, caller.id(), order_id)
        .await?
        .unwrap_or_else(|| AppError::Conflict(MSG_WITHDRAWN.into()));
    let taken = matches!(&answer, AppError::Conflict(m) if m == MSG_TAKEN);
    if closed_now
        && taken
        && let Some(o) = order::Entity::find_by_id(order_id).one(&txn).await?
    {
        tell_taken(&txn, config, &o, caller.id()).await?;
    }
    txn.commit().await?;
    Ok(answer)
}

async fn tell_taken(
    txn: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
    appraiser_id: i32,
) -> AppResult<()> {
    let Some(appraiser) = security_user::Entity::find_by_id(appraiser_id).one(txn).await? else {
        return Ok(());
    };
    let notice = Notice {
        event: Event::OrderUpdate,
        subject: format!("Order {} is no longer offered to you", o.file_number),
        lines: vec![format!(
            "Order {} ({}) was accepted by another appraiser.",
            o.file_number,
            o.property_address()
        )],
        link: "/dashboard".into(),
    };
    notify(txn, config, &appraiser, notice).await
}

/// Reject by an appraiser with an open offer: their offer closes as declined, and when no offer of
/// the order is left open the next candidates are offered it. None when there is no open offer.
pub async fn decline(
    db: &DatabaseConnection,
    config: &Config,
    caller: &CurrentUser,
    order_id: i64,
    reason: Option<&str>,
) -> AppResult<Option<String>> {
    let now = Utc::now();
    let txn = portal_db::begin_write(db).await?;
    let Some(offer) = open_offer(&txn, caller.id(), order_id).await? else { return Ok(None) };
    if !close_offer(&txn, offer.id, DECLINED, now).await? {
        return Err(AppError::Conflict(apply::MSG_CHANGED.into()));
    }
    let o = order::Entity::find_by_id(order_id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
    let mut line = format!("{} declined the offer.", full_name(&caller.user));
    if let Some(reason) = reason {
        line.push_str(&format!(" Reason: {reason}"));
    }
    apply::note(&txn, Some(caller.id()), &o, line, true).await?;
    move_on(&txn, config, &o, now).await?;
    apply::announce(&txn, &o, vec![caller.id()]).await?;
    txn.commit().await?;
    Ok(Some("The offer was declined.".into()))
}

/// When no offer of the order is open and it is still waiting, the next candidates are offered it.
async fn move_on(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let still_open = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(o.id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .one(txn)
        .await?
        .is_some();
    if still_open || o.assigned_appraiser_id.is_some() || o.status_id != OrderStatus::Default {
        return Ok(());
    }
    let policy = policy::for_client(txn, o.client_id).await?;
    if policy.mode == AssignmentMode::Manual {
        return back_to_staff(txn, config, o).await;
    }
    offer_next(txn, config, o, policy, now).await
}

/// Offers past their time expire (`now` is the clock: the scheduler's minute, or a test's);
/// their orders move on. Answers how many expired. Each offer is claimed by a conditional update,
/// so of several server copies one handles it.
pub async fn expire_due(
    db: &DatabaseConnection,
    config: &Config,
    now: DateTime<Utc>,
) -> AppResult<usize> {
    let due = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .filter(assignment_offer::Column::ExpiresAt.lte(now))
        .order_by_asc(assignment_offer::Column::Id)
        .all(db)
        .await?;
    let mut expired = 0;
    for offer in due {
        let txn = portal_db::begin_write(db).await?;
        if !close_offer(&txn, offer.id, EXPIRED, now).await? {
            continue;
        }
        expired += 1;
        if let Some(o) = order::Entity::find_by_id(offer.order_id).one(&txn).await? {
            let name = security_user::Entity::find_by_id(offer.appraiser_id)
                .one(&txn)
                .await?
                .map(|u| full_name(&u))
                .unwrap_or_default();
            apply::note(&txn, None, &o, format!("The offer to {name} expired."), true).await?;
            move_on(&txn, config, &o, now).await?;
            apply::announce(&txn, &o, vec![offer.appraiser_id]).await?;
        }
        txn.commit().await?;
    }
    Ok(expired)
}

/// A new order is offered automatically when its client's policy says so; a cancelled or held
/// order's open offers close.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        match event {
            OrderEvent::Created { order, .. } => start(cx.txn, cx.config, order).await,
            OrderEvent::Moved {
                order, to: OrderStatus::Cancelled | OrderStatus::OnHold, ..
            } => close_all(cx.txn, order.id).await.map(drop),
            OrderEvent::Moved { .. } | OrderEvent::Reconsideration { .. } => Ok(()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chicago(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        chrono_tz::America::Chicago
            .with_ymd_and_hms(y, m, d, h, min, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn offers_count_business_hours() {
        let cases = [
            // Tuesday 3 PM + 4 h: two hours that day, two the next morning.
            ((2026, 12, 1, 15, 0), 4, (2026, 12, 2, 11, 0)),
            // Wednesday before Thanksgiving, 4 PM + 4 h: Thursday is a holiday; Friday 12 PM.
            ((2026, 11, 25, 16, 0), 4, (2026, 11, 27, 12, 0)),
            // Saturday night: Monday 9 AM + 2 h.
            ((2026, 12, 5, 22, 0), 2, (2026, 12, 7, 11, 0)),
            // Before opening: counted from 9 AM.
            ((2026, 12, 1, 6, 30), 8, (2026, 12, 1, 17, 0)),
        ];
        for ((y, mo, d, h, mi), hours, (ey, emo, ed, eh, emi)) in cases {
            let start = chicago(y, mo, d, h, mi);
            assert_eq!(
                business_hours_after(start, hours, chrono_tz::America::Chicago),
                chicago(ey, emo, ed, eh, emi),
                "{start} + {hours} h"
            );
        }
    }
}
