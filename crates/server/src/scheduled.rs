//! Work on the clock: every minute the notification digests that are due, the folding of the
//! order counts (`orders::counts`) and the automatic offers whose time ran out, and once a day
//! (from 7 AM company time) the reminders: a report due tomorrow, an inspection tomorrow, and a
//! licence or E&O policy expiring in 60, 30 or 7 days, and the orders team's list of appraiser
//! payments due soon or late; on Mondays the weekly summaries (`insights::weekly`). At start-up
//! the insight figures of orders that have none are written. Recording a reminder in
//! `sent_reminders` is the claim, in the reminder's own transaction: of several server copies
//! only one sends it.
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Timelike, Utc};
use portal_db::entities::{appraiser_license, appraiser_profile, order, security_user};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter};

use crate::features::payments::payable::{DUE_SOON_BUSINESS_DAYS, PayableOrder, payable_orders};
use crate::kernel::orders::status::{OrderStatus, open_statuses};
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::notifications::{Event, Notice, claim_reminder, digest, notify};

/// The hour of the company's day the reminders go out.
pub const REMINDER_HOUR: u32 = 7;
/// Days before a licence or E&O policy expires that its holder is reminded.
pub const EXPIRY_WARNINGS: [i64; 3] = [60, 30, 7];

/// Every minute until `stop`: the digests that are due, and once a day (from 7 AM company time)
/// the reminders and the pruning of old live events.
pub fn spawn_scheduler(
    db: sea_orm::DatabaseConnection,
    config: std::sync::Arc<Config>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    let filling = (db.clone(), config.clone());
    tokio::spawn(async move {
        if let Err(e) = crate::features::insights::facts::fill_missing(&filling.0, &filling.1).await
        {
            tracing::warn!(error = %e, "writing the orders' insight figures failed");
        }
    });
    tokio::spawn(async move {
        let mut reminded_on = None;
        while !*stop.borrow() {
            let now = Utc::now();
            if let Err(e) = digest::send_due(&db, &config, now).await {
                tracing::warn!(error = %e, "digest round failed");
            }
            if let Err(e) = crate::kernel::orders::counts::compact(&db).await {
                tracing::warn!(error = %e, "folding the order counts failed");
            }
            if let Err(e) = crate::features::assignment::offers::expire_due(&db, &config, now).await
            {
                tracing::warn!(error = %e, "expiring assignment offers failed");
            }
            let today = config.today().ok();
            if reminded_on != today && hour_reached(&config, now) {
                match send_reminders(&db, &config, now).await {
                    Ok(_) => reminded_on = today,
                    Err(e) => tracing::warn!(error = %e, "reminder round failed"),
                }
                if let Err(e) = crate::features::insights::weekly::send_due(&db, &config, now).await
                {
                    tracing::warn!(error = %e, "weekly summaries failed");
                }
                if let Err(e) = crate::platform::live::prune(&db).await {
                    tracing::warn!(error = %e, "pruning live events failed");
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(std::time::Duration::from_secs(60)) => {}
                _ = stop.changed() => {}
            }
        }
    })
}

/// Whether today's reminders may go out (7 AM company time has passed).
pub fn hour_reached(config: &Config, now: DateTime<Utc>) -> bool {
    config.time_zone().is_ok_and(|zone| now.with_timezone(&zone).hour() >= REMINDER_HOUR)
}

/// Sends today's reminders (none before 7 AM company time). Answers how many were sent.
pub async fn send_reminders(
    db: &DatabaseConnection,
    config: &Config,
    now: DateTime<Utc>,
) -> AppResult<usize> {
    if !hour_reached(config, now) {
        return Ok(0);
    }
    let zone = config.time_zone().map_err(AppError::Internal)?;
    let today = now.with_timezone(&zone).date_naive();
    let tomorrow = today + Duration::days(1);
    let mut sent = 0;
    for o in order::Entity::find()
        .filter(order::Column::AppraiserDueDate.eq(tomorrow))
        .filter(order::Column::StatusId.is_in(open_statuses()))
        .filter(order::Column::AssignedAppraiserId.is_not_null())
        .all(db)
        .await?
    {
        let notice = order_notice(&o, Event::DueTomorrow, "report due tomorrow");
        sent += usize::from(
            remind(db, config, ("due-tomorrow", o.id), today, o.assigned_appraiser_id, notice)
                .await?,
        );
    }
    let (day_start, day_end) =
        (start_of(zone, tomorrow), start_of(zone, tomorrow + Duration::days(1)));
    for o in order::Entity::find()
        .filter(order::Column::InspectionActualDate.gte(day_start))
        .filter(order::Column::InspectionActualDate.lt(day_end))
        .filter(order::Column::StatusId.is_in([OrderStatus::Scheduled, OrderStatus::Rescheduled]))
        .all(db)
        .await?
    {
        let notice = order_notice(&o, Event::InspectionTomorrow, "inspection tomorrow");
        sent += usize::from(
            remind(
                db,
                config,
                ("inspection-tomorrow", o.id),
                today,
                o.assigned_appraiser_id,
                notice,
            )
            .await?,
        );
    }
    for days in EXPIRY_WARNINGS {
        sent += expiring(db, config, today, days).await?;
    }
    sent += usize::from(payments_due(db, config, today).await?);
    Ok(sent)
}

fn start_of(zone: chrono_tz::Tz, day: NaiveDate) -> DateTime<Utc> {
    zone.from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap())
        .earliest()
        .map_or_else(|| day.and_hms_opt(0, 0, 0).unwrap().and_utc(), |t| t.with_timezone(&Utc))
}

fn order_notice(o: &order::Model, event: Event, what: &str) -> Notice {
    let address = o.property_address();
    Notice {
        event,
        subject: format!("Order {}: {what}", o.file_number),
        lines: vec![format!("Order {} ({address}): {what}.", o.file_number)],
        link: format!("/appraiser/orderdetails/{}", o.id),
    }
}

/// Licences and E&O policies expiring `days` from today.
async fn expiring(
    db: &DatabaseConnection,
    config: &Config,
    today: NaiveDate,
    days: i64,
) -> AppResult<usize> {
    let on = today + Duration::days(days);
    let mut sent = 0;
    let licences = appraiser_license::Entity::find()
        .filter(appraiser_license::Column::ExpirationDate.eq(on))
        .find_also_related(appraiser_profile::Entity)
        .all(db)
        .await?;
    for (licence, profile) in licences {
        let Some(profile) = profile else { continue };
        let what = format!(
            "your {} licence in {} expires in {days} days ({on})",
            licence.license_type, licence.state_code
        );
        let notice = credential_notice(&what);
        let kind = format!("licence-{days}");
        let key = (kind.as_str(), i64::from(licence.id));
        sent += usize::from(
            remind(db, config, key, today, Some(profile.security_user_id), notice).await?,
        );
    }
    for profile in appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::EnoExpirationDate.eq(on))
        .all(db)
        .await?
    {
        let notice =
            credential_notice(&format!("your E&O insurance expires in {days} days ({on})"));
        let kind = format!("eno-{days}");
        let key = (kind.as_str(), i64::from(profile.id));
        sent += usize::from(
            remind(db, config, key, today, Some(profile.security_user_id), notice).await?,
        );
    }
    Ok(sent)
}

fn credential_notice(what: &str) -> Notice {
    Notice {
        event: Event::CredentialExpiring,
        subject: format!("Reminder: {what}"),
        lines: vec![format!(
            "Reminder: {what}. Please renew it and update your profile, \
             or you will not be offered orders in that state."
        )],
        link: "/profile/me/certifications".into(),
    }
}

/// Sends one reminder unless it was sent already (by this copy or another).
async fn remind(
    db: &DatabaseConnection,
    config: &Config,
    (kind, subject_id): (&str, i64),
    today: NaiveDate,
    user_id: Option<i32>,
    notice: Notice,
) -> AppResult<bool> {
    let Some(user_id) = user_id else { return Ok(false) };
    let txn = portal_db::begin_write(db).await?;
    if !claim_reminder(&txn, (kind, subject_id), today).await? {
        return Ok(false);
    }
    let Some(user) = security_user::Entity::find_by_id(user_id).one(&txn).await? else {
        return Ok(false);
    };
    notify(&txn, config, &user, notice).await?;
    txn.commit().await?;
    Ok(true)
}

/// E-mails the orders team the appraiser payments due within the due-soon window or late (once a
/// day, by one copy). Answers whether it was sent.
async fn payments_due(
    db: &DatabaseConnection,
    config: &Config,
    today: NaiveDate,
) -> AppResult<bool> {
    let due: Vec<PayableOrder> = payable_orders(db, config, None)
        .await?
        .into_iter()
        .filter(|p| p.late || p.due_soon)
        .collect();
    if due.is_empty() {
        return Ok(false);
    }
    let txn = portal_db::begin_write(db).await?;
    if !claim_reminder(&txn, ("payments-due", 0), today).await? {
        return Ok(false);
    }
    let mut lines = vec![format!(
        "Appraiser payments due within {DUE_SOON_BUSINESS_DAYS} business days or late:"
    )];
    lines.extend(due.iter().map(|p| {
        let fee = p.appraiser_fee.map_or_else(|| "no fee".into(), |f| f.to_string());
        let by = p.pay_by.map(|d| d.format("%m/%d/%Y").to_string()).unwrap_or_default();
        let late = if p.late { " (late)" } else { "" };
        let held =
            p.withheld_because.as_ref().map(|r| format!("; withheld: {r}")).unwrap_or_default();
        format!("Order {}, {}, {fee}, pay by {by}{late}{held}", p.file_number, p.appraiser_name)
    }));
    lines.push(config.link("/staff/payments"));
    let subject = format!("Appraiser payments due: {} orders", due.len());
    crate::platform::delivery::email(&txn, &config.orders_team_email, subject, lines).await?;
    txn.commit().await?;
    Ok(true)
}
