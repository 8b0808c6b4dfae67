//! Year-end figures for the company's 1099-NEC filing: per appraiser, what was paid in a calendar
//! year (by payment date), how many payments were late (after the order's pay-by date), whether
//! their W-9 is on file (a W-9 among their profile documents), the form's recipient fields (legal
//! name, tax number type and last four digits, address; the whole number is shown only one at a
//! time, with a reason) and whether the total reaches the reporting threshold
//! (`PORTAL_NEC_THRESHOLD_CENTS`).
use std::collections::{BTreeMap, HashMap, HashSet};

use axum::response::Response;
use chrono::NaiveDate;
use portal_db::entities::{appraiser_tax_record, order, payment, security_user, stored_file};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::pay_by;
use crate::platform::call::Call;
use crate::platform::csv::Csv;
use crate::platform::fields::invalid;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::Query;
use crate::platform::money::Cents;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(appraiser_year_totals))
}

/// The file type of a W-9 among an appraiser's documents.
const W9_FILE_TYPE: i32 = 22;
const FIRST_YEAR: i32 = 2000;
const LAST_YEAR: i32 = 2100;

/// An appraiser's payments of the year: how many, how many after their pay-by date, and the sum.
#[derive(Default)]
struct Totals {
    payments: usize,
    late: usize,
    cents: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct YearQuery {
    /// The calendar year, e.g. 2026.
    #[param(minimum = 2000, maximum = 2100)]
    pub year: i32,
}

/// Per appraiser paid in the year: their id, name, e-mail, number of payments, how many were late,
/// the total paid (dollars with two decimals) and whether their W-9 is on file, as CSV, by name.
#[utoipa::path(
    get,
    path = "/api/staff/reports/appraiser-year-totals",
    tag = "staff",
    params(YearQuery),
    responses(
        (
            status = 200,
            description = "CSV: Appraiser ID, Name, E-mail, Payments, Paid Late, Total Paid, \
                           W-9 On File, Legal Name, Tax ID Type, Tax ID Last 4, Tax Address, \
                           Box 1 Nonemployee Compensation, 1099-NEC Required",
            content_type = "text/csv"
        ),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn appraiser_year_totals(
    Call { state, .. }: Call,
    Query(q): Query<YearQuery>,
) -> AppResult<Response> {
    let year = q.year;
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(invalid(format!("year must be from {FIRST_YEAR} to {LAST_YEAR}.")));
    }
    let first = NaiveDate::from_ymd_opt(year, 1, 1).expect("a year in range");
    let last = NaiveDate::from_ymd_opt(year, 12, 31).expect("a year in range");
    let paid = payment::Entity::find()
        .filter(payment::Column::PaymentDate.between(first, last))
        .all(&state.db)
        .await?;
    let orders = order::Entity::find()
        .filter(order::Column::Id.is_in(paid.iter().filter_map(|p| p.order_id)))
        .all(&state.db)
        .await?;
    let pay_by_dates = pay_by::of_orders(&state.db, &state.config, &orders).await?;
    let mut totals: BTreeMap<i32, Totals> = BTreeMap::new();
    for p in paid {
        let entry = totals.entry(p.appraiser_user_id).or_default();
        entry.payments += 1;
        entry.cents += p.amount_cents;
        let due = p.order_id.and_then(|id| pay_by_dates.get(&id));
        entry.late += usize::from(due.is_some_and(|day| p.payment_date > *day));
    }
    let ids: Vec<i32> = totals.keys().copied().collect();
    let w9: HashSet<i32> = stored_file::Entity::find()
        .select_only()
        .column(stored_file::Column::AppraiserUserId)
        .filter(stored_file::Column::FileTypeId.eq(W9_FILE_TYPE))
        .filter(stored_file::Column::Hide.eq(false))
        .filter(stored_file::Column::AppraiserUserId.is_in(ids.clone()))
        .into_tuple::<Option<i32>>()
        .all(&state.db)
        .await?
        .into_iter()
        .flatten()
        .collect();
    let tax: HashMap<i32, appraiser_tax_record::Model> = appraiser_tax_record::Entity::find()
        .filter(appraiser_tax_record::Column::UserId.is_in(ids.clone()))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|r| (r.user_id, r))
        .collect();
    let mut users = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids))
        .all(&state.db)
        .await?;
    users.sort_by_key(|u| (full_name(u).to_lowercase(), u.id));
    let mut csv = Csv::default();
    csv.row([
        "Appraiser ID",
        "Name",
        "E-mail",
        "Payments",
        "Paid Late",
        "Total Paid",
        "W-9 On File",
        "Legal Name",
        "Tax ID Type",
        "Tax ID Last 4",
        "Tax Address",
        "Box 1 Nonemployee Compensation",
        "1099-NEC Required",
    ]);
    for user in users {
        let t = &totals[&user.id];
        let record = tax.get(&user.id);
        csv.row([
            user.id.to_string(),
            full_name(&user),
            user.email.clone(),
            t.payments.to_string(),
            t.late.to_string(),
            Cents(t.cents).decimal(),
            yes_no(w9.contains(&user.id)),
            record.and_then(|r| r.legal_name.clone()).unwrap_or_default(),
            record.and_then(|r| r.tax_id_kind.clone()).unwrap_or_default(),
            record.and_then(|r| r.tax_id_last4.clone()).unwrap_or_default(),
            record.and_then(|r| r.tax_address.clone()).unwrap_or_default(),
            Cents(t.cents).decimal(),
            yes_no(t.cents >= state.config.nec_threshold_cents),
        ]);
    }
    Ok(csv.into_download(&format!("appraiser-year-totals-{year}.csv")))
}

fn yes_no(yes: bool) -> String {
    if yes { "Yes" } else { "No" }.to_owned()
}
