//! Generated orders: `seed --orders N [--seed S]` for scale tests and benchmarks, and the demo
//! set (every status and every attention indicator) that `--demo` loads.
use chrono::{DateTime, Duration, Utc};
use portal_db::entities::{client, order};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, NotSet, PaginatorTrait, Set, TransactionTrait};

use crate::http::error::AppResult;
use crate::lookups::geography;
use crate::users::accounts;

const FIRST_NAMES: [&str; 24] = [
    "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Barbara",
    "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos", "Maria", "Wei", "Aisha", "Dmitri", "Priya",
];
const LAST_NAMES: [&str; 24] = [
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez",
    "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Nguyen", "Patel", "Okafor",
];
const STREETS: [&str; 16] = [
    "Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill", "Park", "Main", "Sunset", "Ridge", "Meadow", "River", "Forest", "Highland",
];
const SUFFIXES: [&str; 6] = ["St", "Ave", "Dr", "Ln", "Ct", "Blvd"];
const LENDERS: [&str; 12] = [
    "First Prairie Bank", "Lone Star Mortgage", "Heartland Credit Union", "Summit Home Loans", "Bluebonnet Lending",
    "Gateway Financial", "Riverbend Savings", "Pioneer Mortgage Co.", "Cornerstone Bank", "Keystone Home Finance",
    "Liberty Lending Group", "Northwind Credit Union",
];

/// Status spread of a mature book of business: mostly closed, a quarter open.
const STATUS_WEIGHTS: [(i32, u32); 22] = [
    (15, 300), (18, 250), (22, 100), (19, 50), (17, 30), (21, 20),
    (4, 25), (5, 25), (6, 20), (7, 5), (8, 5), (9, 5), (10, 8), (11, 30), (12, 8), (13, 25), (14, 40),
    (16, 10), (23, 4), (24, 6), (26, 4), (35, 5),
];

fn pick<'a, T>(rng: &mut StdRng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

fn weighted_status(rng: &mut StdRng) -> i32 {
    let total: u32 = STATUS_WEIGHTS.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for (id, w) in STATUS_WEIGHTS {
        if roll < w {
            return id;
        }
        roll -= w;
    }
    15
}

/// The people and firm generated orders belong to.
pub struct Assignees {
    /// (security user id, company id)
    pub appraisers: Vec<(i32, Option<i32>)>,
    pub clients: Vec<i32>,
}

async fn assignees(db: &impl ConnectionTrait) -> AppResult<Assignees> {
    let mut appraisers = Vec::new();
    for username in ["demo.appraiser", "demo.appraiser2", "demo.admin"] {
        if let Some(user) = accounts::find(db, username).await? {
            appraisers.push((user.id, crate::users::access::company_of(db, user.id).await?));
        }
    }
    if client::Entity::find().count(db).await? == 0 {
        for (i, lender) in LENDERS.iter().enumerate() {
            client::ActiveModel {
                id: NotSet,
                company_name: Set(lender.to_string()),
                office_address_line: Set(Some(format!("{} Commerce Plaza, Suite {}, Dallas, TX 75201", 100 + i * 25, 200 + i))),
                main_contact_name: Set(Some(format!("{} {}", FIRST_NAMES[i], LAST_NAMES[23 - i]))),
                main_contact_email: Set(Some(format!("orders{}@{}.example", i + 1, lender.to_lowercase().replace([' ', '.'], "")))),
            }
            .insert(db)
            .await?;
        }
    }
    let clients = client::Entity::find().all(db).await?.into_iter().map(|c| c.id).collect();
    Ok(Assignees { appraisers, clients })
}

/// One generated order, relative to `now`.
fn generated(rng: &mut StdRng, file_number: String, now: DateTime<Utc>, people: &Assignees) -> order::ActiveModel {
    let status = weighted_status(rng);
    let open = super::status::is_open(status);
    let age_days = if open { rng.random_range(0..30) } else { rng.random_range(20..1100) };
    let created = now - Duration::days(age_days) - Duration::minutes(rng.random_range(0..1440));
    let state = pick(rng, geography::states());
    let county = if state.counties.is_empty() { None } else { Some(pick(rng, &state.counties).clone()) };
    let city = county.as_deref().map_or("Springfield".to_string(), |c| c.split(" County").next().unwrap_or(c).split(" Parish").next().unwrap_or(c).to_string());
    let (appraiser, company) = if status == 3 || people.appraisers.is_empty() || rng.random_bool(0.02) {
        (None, None)
    } else {
        let (a, c) = *pick(rng, &people.appraisers);
        (Some(a), c)
    };
    let assigned = created + Duration::hours(rng.random_range(1..48));
    let inspected = matches!(status, 11..=18 | 22..=25 | 27 | 30..=41);
    let is_desktop = rng.random_bool(0.08);
    let day = |t: DateTime<Utc>| t.date_naive();
    order::ActiveModel {
        id: NotSet,
        file_number: Set(file_number),
        loan_number: Set(Some(format!("{:010}", rng.random_range(0..10_000_000_000u64)))),
        borrower_name: Set(format!("{} {}", pick(rng, &FIRST_NAMES), pick(rng, &LAST_NAMES))),
        property_address_line1: Set(format!("{} {} {}", rng.random_range(100..9999), pick(rng, &STREETS), pick(rng, &SUFFIXES))),
        property_city: Set(city),
        property_state_code: Set(state.postal.clone()),
        property_zip: Set(format!("{:05}", rng.random_range(1000..99950))),
        property_county: Set(county),
        client_id: Set(Some(*pick(rng, &people.clients))),
        status_id: Set(status),
        assigned_appraiser_id: Set(appraiser),
        assigned_company_id: Set(company),
        created_at: Set(created),
        assignment_actual_date: Set(appraiser.map(|_| assigned)),
        accepted_at: Set((status != 4 && appraiser.is_some()).then(|| assigned + Duration::hours(rng.random_range(1..20)))),
        inspection_actual_date: Set((inspected && !is_desktop).then(|| created + Duration::days(rng.random_range(2..8)) + Duration::hours(rng.random_range(8..17)))),
        inspection_due_date: Set((!is_desktop).then(|| day(created + Duration::days(rng.random_range(3..8))))),
        appraiser_due_date: Set(Some(day(created + Duration::days(rng.random_range(7..15))))),
        is_desktop: Set(is_desktop),
        appraiser_unread_messages: Set(if open && rng.random_bool(0.15) { rng.random_range(1..4) } else { 0 }),
    }
}

async fn next_file_number(db: &impl ConnectionTrait) -> AppResult<u64> {
    let row = db.query_one(&Query::select().expr(Func::max(Expr::col(order::Column::Id))).from(order::Entity).take()).await?;
    let max: Option<i64> = row.map(|r| r.try_get_by_index(0)).transpose()?.flatten();
    Ok(max.unwrap_or(0) as u64 + 1)
}

/// Inserts `count` generated orders in batches; answers how many were written.
pub async fn seed_orders(db: &DatabaseConnection, count: u64, seed: u64) -> AppResult<u64> {
    const ROWS_PER_STATEMENT: u64 = 1000;
    let mut rng = StdRng::seed_from_u64(seed);
    let people = assignees(db).await?;
    let first = next_file_number(db).await? + 100_000_000;
    let now = Utc::now();
    let mut written = 0;
    while written < count {
        let txn = db.begin().await?;
        for _ in 0..10 {
            let n = ROWS_PER_STATEMENT.min(count - written);
            if n == 0 {
                break;
            }
            let rows = (0..n).map(|i| generated(&mut rng, format!("{}", first + written + i), now, &people));
            order::Entity::insert_many(rows).exec_without_returning(&txn).await?;
            written += n;
        }
        txn.commit().await?;
    }
    Ok(written)
}

/// A demo order for one status, with dates that produce the wanted attention indicator.
struct DemoOrder {
    status: i32,
    assigned_hours_ago: i64,
    due_in_days: i64,
    inspection_due_in_days: i64,
    inspection_in_hours: Option<i64>,
    desktop_accepted_days_ago: Option<i64>,
    unread: i32,
}

fn demo_plan() -> Vec<DemoOrder> {
    let plain = |status| DemoOrder { status, assigned_hours_ago: 6, due_in_days: 7, inspection_due_in_days: 4, inspection_in_hours: None, desktop_accepted_days_ago: None, unread: 0 };
    let mut plan: Vec<DemoOrder> = (1..=41).map(plain).collect();
    plan.extend([
        DemoOrder { assigned_hours_ago: 30, ..plain(4) },                    // late acceptance
        DemoOrder { due_in_days: -2, ..plain(6) },                           // order overdue
        DemoOrder { due_in_days: 0, unread: 2, ..plain(13) },                // due today
        DemoOrder { inspection_in_hours: Some(-3), ..plain(11) },            // inspection overdue
        DemoOrder { inspection_in_hours: Some(24 * 6), inspection_due_in_days: 2, ..plain(12) }, // late inspection date set
        DemoOrder { inspection_due_in_days: 1, ..plain(5) },                 // inspection date not set
        DemoOrder { desktop_accepted_days_ago: Some(3), ..plain(13) },       // desktop followup
        DemoOrder { unread: 3, ..plain(5) },
    ]);
    plan
}

/// Loads the demo orders once: every status and every attention indicator, for demo.appraiser
/// mostly, plus a generated book of a few hundred orders across the firm.
pub async fn seed_demo_orders(db: &DatabaseConnection) -> AppResult<()> {
    if order::Entity::find().count(db).await? > 0 {
        return Ok(());
    }
    let people = assignees(db).await?;
    let Some(&(appraiser, company)) = people.appraisers.first() else { return Ok(()) };
    let now = Utc::now();
    let mut rng = StdRng::seed_from_u64(2026);
    let txn = db.begin().await?;
    let mut rows = Vec::new();
    for (i, plan) in demo_plan().into_iter().enumerate() {
        let mut row = generated(&mut rng, format!("{}", 26_000_001 + i), now, &people);
        let assigned = now - Duration::hours(plan.assigned_hours_ago);
        let today = now.with_timezone(&chrono_tz::America::Chicago).date_naive();
        let unassigned = matches!(plan.status, 3 | 28 | 29);
        row.status_id = Set(plan.status);
        row.assigned_appraiser_id = Set((!unassigned).then_some(appraiser));
        row.assigned_company_id = Set(if unassigned { None } else { company });
        row.created_at = Set(assigned - Duration::hours(2));
        row.assignment_actual_date = Set((!unassigned).then_some(assigned));
        row.accepted_at = Set(plan.desktop_accepted_days_ago.map(|d| now - Duration::days(d)).or((plan.status != 4).then_some(assigned + Duration::hours(1))));
        row.appraiser_due_date = Set(Some(today + Duration::days(plan.due_in_days)));
        row.inspection_due_date = Set(Some(today + Duration::days(plan.inspection_due_in_days)));
        row.inspection_actual_date = Set(plan.inspection_in_hours.map(|h| now + Duration::hours(h)).or(matches!(plan.status, 11 | 12).then(|| now + Duration::hours(48))));
        row.is_desktop = Set(plan.desktop_accepted_days_ago.is_some());
        row.appraiser_unread_messages = Set(plan.unread);
        if plan.desktop_accepted_days_ago.is_some() {
            row.inspection_due_date = Set(None);
            row.inspection_actual_date = Set(None);
        }
        rows.push(row);
    }
    order::Entity::insert_many(rows).exec_without_returning(&txn).await?;
    txn.commit().await?;
    seed_orders(db, 300, 7).await?;
    Ok(())
}

