//! POST /api/dashboard: the orders table with its search filter, sort and paging.
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use portal_db::entities::{order, security_user};
use sea_orm::sea_query::{
    Alias, Condition, Expr, ExprTrait, Func, LikeExpr, NullOrdering, Order, Query, SelectStatement,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, FromQueryResult, IdenStatic, Statement,
    StatementBuilder,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::attention::{AttentionFacts, attention_indicator};
use super::counts;
use super::status::{self, OrderStatus, StatusChoice};
use super::visibility::visible_orders;
use crate::platform::call::Call;
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, MAX_PAGE};
use crate::platform::state::AppState;

pub const PAGE_SIZES: [u64; 4] = [10, 25, 50, 100];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

/// The dashboard's search filter, sort and page. `page` is 1-based.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchFilter {
    pub page: Option<u64>,
    pub limit: Option<u64>,
    pub sort_field: Option<String>,
    pub sort_direction: Option<String>,
    pub usa_file_number: Option<String>,
    pub borrower_name: Option<String>,
    pub property_street: Option<String>,
    pub property_city: Option<String>,
    pub property_state: Option<String>,
    pub property_zip: Option<String>,
    pub loan_number: Option<String>,
    /// yyyy-mm-dd
    pub create_date_from: Option<String>,
    pub create_date_to: Option<String>,
    /// Status choices: every open status, every status, or a status. Absent: open.
    pub status_ref_ids: Option<Vec<StatusChoice>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDashboardItem {
    pub id: i64,
    pub usa_file_number: String,
    pub order_status: String,
    pub status_id: OrderStatus,
    pub attention_indicator: Option<String>,
    pub appraiser_unread_messages: i32,
    pub assignment_actual_date: Option<chrono::DateTime<Utc>>,
    pub inspection_actual_date: Option<chrono::DateTime<Utc>>,
    pub appraiser_due_date: Option<NaiveDate>,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip: String,
    pub borrower_name: String,
    pub appraiser_name: Option<String>,
    /// For an appraiser: the order is offered to them (automatic assignment) until then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offered_until: Option<chrono::DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardPage {
    pub items: Vec<OrderDashboardItem>,
    pub total_items: u64,
    /// True when the count stopped (a search over closed orders too: at 10,000, or at 1,000 when it
    /// looks for a text fragment): there are more matches than `totalItems`, and more pages than
    /// `totalPages`.
    pub total_is_lower_bound: bool,
    pub total_pages: u64,
}

/// The sortable columns of the table: (wire name, SQL expression).
fn sort_expr(field: &str) -> Option<Vec<Expr>> {
    let col = |c: order::Column| Expr::col((order::Entity, c));
    Some(match field {
        "usaFileNumber" => vec![col(order::Column::FileNumber)],
        "orderStatus" | "statusId" => vec![col(order::Column::StatusId)],
        "assignmentActualDate" => vec![col(order::Column::AssignmentActualDate)],
        "inspectionActualDate" => vec![col(order::Column::InspectionActualDate)],
        "appraiserDueDate" => vec![col(order::Column::AppraiserDueDate)],
        "propertyAddressLine1" => vec![col(order::Column::PropertyAddressLine1)],
        "propertyCity" => vec![col(order::Column::PropertyCity)],
        "propertyStateCode" => vec![col(order::Column::PropertyStateCode)],
        "propertyZip" => vec![col(order::Column::PropertyZip)],
        "borrowerName" => vec![col(order::Column::BorrowerName)],
        "appraiserName" => vec![
            Expr::col((security_user::Entity, security_user::Column::FirstName)),
            Expr::col((security_user::Entity, security_user::Column::LastName)),
        ],
        _ => return None,
    })
}

fn text(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_lowercase)
}

/// The identifiers searched by fragment: file, loan and ZIP numbers.
fn is_number(column: order::Column) -> bool {
    matches!(
        column,
        order::Column::FileNumber | order::Column::LoanNumber | order::Column::PropertyZip
    )
}

/// `value LIKE '%fragment%'`, with LIKE's wildcards in the fragment taken literally.
fn like_contains(value: Expr, fragment: &str) -> Expr {
    let escaped = fragment.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    value.like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

/// Case-insensitive "contains" (the fragment is lower-cased). When `upper_tail` (PostgreSQL, a
/// number over every order) the number's last characters (see [`number_tail`]) are also compared
/// upper-cased: only that form reaches m0018's trigram indexes of the numbers over every order,
/// and the tail's trigrams are far rarer than the whole fragment's.
fn contains(column: order::Column, fragment: &str, upper_tail: bool) -> Expr {
    let value = Expr::col((order::Entity, column));
    let whole = like_contains(Func::lower(value.clone()).into(), fragment);
    if !upper_tail {
        return whole;
    }
    match number_tail(fragment) {
        Some(tail) => like_contains(Func::upper(value).into(), &tail.to_uppercase()).and(whole),
        None => like_contains(Func::upper(value).into(), &fragment.to_uppercase()),
    }
}

/// How many of a number's last characters the trigram indexes look up: the numbers of a book
/// share their first characters ("1000006": "100" and "000" are in most file numbers) and differ
/// in their last ones, so the indexes find the few orders holding the tail, which are then checked
/// whole (figures in bench/RESULTS.md).
const NUMBER_TAIL: usize = 5;

/// A number fragment's last [`NUMBER_TAIL`] characters, when it is longer than that.
fn number_tail(fragment: &str) -> Option<String> {
    let length = fragment.chars().count();
    (length > NUMBER_TAIL).then(|| fragment.chars().skip(length - NUMBER_TAIL).collect())
}

fn parse_date(name: &str, value: &Option<String>) -> AppResult<Option<NaiveDate>> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d").map(Some).map_err(|_| {
            AppError::Validation(format!(
                "{name} must be a date in the form yyyy-mm-dd (got '{v}')"
            ))
        }),
    }
}

/// The statuses a filter asks for, or None for every status.
fn wanted_statuses(requested: &Option<Vec<StatusChoice>>) -> Option<Vec<OrderStatus>> {
    let Some(choices) = requested else { return Some(status::open_statuses().collect()) };
    if choices.is_empty() || choices.contains(&StatusChoice::All) {
        return None;
    }
    let mut wanted = Vec::new();
    for choice in choices {
        match *choice {
            StatusChoice::Only(status) => wanted.push(status),
            StatusChoice::Open | StatusChoice::All => wanted.extend(status::open_statuses()),
        }
    }
    wanted.sort_unstable();
    wanted.dedup();
    Some(wanted)
}

/// The first instant of `day` in `zone`: its midnight, or an hour later when a clock change skips
/// midnight.
fn start_of_day(day: NaiveDate, zone: Tz) -> DateTime<Utc> {
    let midnight = day.and_hms_opt(0, 0, 0).expect("midnight");
    let local = zone
        .from_local_datetime(&midnight)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(midnight + Duration::hours(1))).earliest());
    local.map_or_else(|| midnight.and_utc(), |t| t.with_timezone(&Utc))
}

/// The shortest fragment the trigram full-text table can find.
const MIN_FULL_TEXT_CHARS: usize = 3;

/// Whether a fragment is long enough to hold a trigram (what the full-text table and
/// PostgreSQL's trigram indexes find).
fn has_trigram(fragment: &str) -> bool {
    fragment.chars().count() >= MIN_FULL_TEXT_CHARS
}

/// `base` and a LIKE for each (column, fragment); see [`contains`] for `upper_numbers`.
fn with_likes<'a>(
    base: &Condition,
    fragments: impl IntoIterator<Item = &'a (order::Column, String)>,
    upper_numbers: bool,
) -> Condition {
    fragments.into_iter().fold(base.clone(), |c, (column, fragment)| {
        c.add(contains(*column, fragment, upper_numbers && is_number(*column)))
    })
}

/// The filter, checked, with its text fragments apart.
struct Criteria {
    /// (column, lower-cased fragment) of every text field given.
    fragments: Vec<(order::Column, String)>,
    /// The state, the create dates and the statuses.
    rest: Condition,
    /// Whether the state or a create date is given.
    state_or_dates: bool,
    /// The statuses asked for; None for every status.
    wanted: Option<Vec<OrderStatus>>,
}

impl Criteria {
    fn read(f: &SearchFilter, zone: Tz) -> AppResult<Criteria> {
        let fragments = [
            (order::Column::FileNumber, &f.usa_file_number),
            (order::Column::LoanNumber, &f.loan_number),
            (order::Column::BorrowerName, &f.borrower_name),
            (order::Column::PropertyAddressLine1, &f.property_street),
            (order::Column::PropertyCity, &f.property_city),
            (order::Column::PropertyZip, &f.property_zip),
        ]
        .into_iter()
        .filter_map(|(column, value)| text(value).map(|fragment| (column, fragment)))
        .collect();
        let mut rest = Condition::all();
        if let Some(state) = text(&f.property_state) {
            let found = geography::state(&state).ok_or_else(|| {
                AppError::Validation(format!("Unknown state '{}'", state.to_uppercase()))
            })?;
            rest = rest.add(order::Column::PropertyStateCode.eq(found.postal.clone()));
        }
        let from = parse_date("createDateFrom", &f.create_date_from)?;
        let to = parse_date("createDateTo", &f.create_date_to)?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(AppError::Validation(
                "Create Date From cannot be after Create Date To".into(),
            ));
        }
        // Whole days of the company's time zone, like every business date.
        if let Some(from) = from {
            rest = rest.add(order::Column::CreatedAt.gte(start_of_day(from, zone)));
        }
        if let Some(to) = to {
            let end = start_of_day(to.succ_opt().unwrap_or(to), zone);
            rest = rest.add(order::Column::CreatedAt.lt(end));
        }
        let state_or_dates = !rest.is_empty();
        let wanted = wanted_statuses(&f.status_ref_ids);
        if let Some(wanted) = &wanted {
            rest = rest.add(status_condition(wanted));
        }
        Ok(Criteria { fragments, rest, state_or_dates, wanted })
    }

    /// Whether the search reaches closed orders, most of a large book.
    fn whole_book(&self) -> bool {
        self.wanted.as_ref().is_none_or(|w| w.iter().any(|s| s.is_closed()))
    }

    /// Whether PostgreSQL must read every order for this filter: a fragment too short for its
    /// trigram indexes. Its parallel scan then counts them all sooner than a count capped with
    /// LIMIT, which it runs on one core.
    fn scanned_in_full_on_postgres(&self) -> bool {
        self.fragments.iter().any(|(_, fragment)| !has_trigram(fragment))
    }

    /// Every condition, each fragment as a LIKE (see [`contains`] for `upper_numbers`).
    fn like(&self, upper_numbers: bool) -> Condition {
        with_likes(&self.rest, &self.fragments, upper_numbers)
    }

    /// The fragments the full-text table can find (three characters or more) as one full-text
    /// query, with the condition for everything else; None when no fragment is that long.
    fn full_text(&self) -> Option<(String, Condition)> {
        let (long, short): (Vec<_>, Vec<_>) =
            self.fragments.iter().partition(|(_, fragment)| has_trigram(fragment));
        if long.is_empty() {
            return None;
        }
        // Checked with LIKE on the orders the full-text query finds.
        let mut checked: Vec<(order::Column, String)> = short.into_iter().cloned().collect();
        // A quoted phrase of trigrams matches exactly that run of characters, case-insensitively,
        // and is as slow as its commonest trigram.
        let phrase = |column: &order::Column, fragment: &str| {
            format!("{} : \"{}\"", column.as_str(), fragment.replace('"', "\"\""))
        };
        let mut phrases = Vec::new();
        for (column, fragment) in long {
            match number_tail(fragment).filter(|_| is_number(*column)) {
                Some(tail) => {
                    phrases.push(phrase(column, &tail));
                    checked.push((*column, fragment.clone()));
                }
                None => phrases.push(phrase(column, fragment)),
            }
        }
        Some((phrases.join(" AND "), with_likes(&self.rest, checked.iter(), false)))
    }
}

/// The status filter. The Open group is written exactly as the partial index of open orders
/// (migration m0008) is defined, with the closed ids inline, so both databases can use it.
fn status_condition(wanted: &[OrderStatus]) -> Expr {
    if wanted.iter().copied().eq(status::open_statuses()) {
        let closed = status::CLOSED.map(|s| s.id().to_string()).join(", ");
        return Expr::cust(format!("\"orders\".\"status_id\" NOT IN ({closed})"));
    }
    order::Column::StatusId.is_in(wanted.iter().copied())
}

struct Paging {
    page: u64,
    limit: u64,
    sort: Vec<Expr>,
    descending: bool,
}

fn paging(f: &SearchFilter) -> AppResult<Paging> {
    let page = f.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(AppError::Validation(format!("page must be between 1 and {MAX_PAGE}")));
    }
    let limit = f.limit.unwrap_or(25);
    if !PAGE_SIZES.contains(&limit) {
        return Err(AppError::Validation("limit must be one of 10, 25, 50 or 100".into()));
    }
    let field = f.sort_field.as_deref().filter(|s| !s.is_empty()).unwrap_or("appraiserDueDate");
    let sort = sort_expr(field)
        .ok_or_else(|| AppError::Validation(format!("Cannot sort by '{field}'")))?;
    let descending = match f.sort_direction.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("") | Some("asc") => false,
        Some("desc") => true,
        Some(other) => {
            return Err(AppError::Validation(format!(
                "sortDirection must be asc or desc (got '{other}')"
            )));
        }
    };
    Ok(Paging { page, limit, sort, descending })
}

/// One order row of a dashboard page.
#[derive(Debug, FromQueryResult)]
pub struct Row {
    id: i64,
    file_number: String,
    status_id: OrderStatus,
    appraiser_unread_messages: i32,
    assignment_actual_date: Option<chrono::DateTime<Utc>>,
    accepted_at: Option<chrono::DateTime<Utc>>,
    inspection_actual_date: Option<chrono::DateTime<Utc>>,
    inspection_due_date: Option<NaiveDate>,
    appraiser_due_date: Option<NaiveDate>,
    is_desktop: bool,
    property_address_line1: String,
    property_city: String,
    property_state_code: String,
    property_zip: String,
    borrower_name: String,
    appraiser_first_name: Option<String>,
    appraiser_last_name: Option<String>,
}

/// Counts of a search that reaches closed orders (most of a large book) stop after this many
/// matches: the page says "10,000+" rather than read every one of a million orders.
pub const COUNT_CAP: u64 = 10_000;
/// The same for a search of closed orders by a text fragment: "1,000+".
pub const FRAGMENT_COUNT_CAP: u64 = 1_000;

fn count_statement(filter: Condition, cap: Option<u64>) -> SelectStatement {
    let count_all = Expr::col((order::Entity, order::Column::Id)).count();
    let Some(cap) = cap else {
        // The filter only ever names the orders table, so the count needs no join.
        return Query::select().expr(count_all).from(order::Entity).cond_where(filter).take();
    };
    let first_matches = Query::select()
        .expr(Expr::val(1))
        .from(order::Entity)
        .cond_where(filter)
        .limit(cap + 1)
        .take();
    Query::select()
        .expr(Expr::cust("COUNT(*)"))
        .from_subquery(first_matches, Alias::new("first_matches"))
        .take()
}

/// The orders' columns a page shows (every sort column among them).
const PAGE_COLUMNS: [order::Column; 15] = [
    order::Column::Id,
    order::Column::FileNumber,
    order::Column::StatusId,
    order::Column::AppraiserUnreadMessages,
    order::Column::AssignmentActualDate,
    order::Column::AcceptedAt,
    order::Column::InspectionActualDate,
    order::Column::InspectionDueDate,
    order::Column::AppraiserDueDate,
    order::Column::IsDesktop,
    order::Column::PropertyAddressLine1,
    order::Column::PropertyCity,
    order::Column::PropertyStateCode,
    order::Column::PropertyZip,
    order::Column::BorrowerName,
];

fn page_query(filter: Condition) -> SelectStatement {
    Query::select()
        .columns(PAGE_COLUMNS.map(|c| (order::Entity, c)))
        .expr_as(
            Expr::col((security_user::Entity, security_user::Column::FirstName)),
            Alias::new("appraiser_first_name"),
        )
        .expr_as(
            Expr::col((security_user::Entity, security_user::Column::LastName)),
            Alias::new("appraiser_last_name"),
        )
        .from(order::Entity)
        .left_join(
            security_user::Entity,
            Expr::col((security_user::Entity, security_user::Column::Id))
                .equals((order::Entity, order::Column::AssignedAppraiserId)),
        )
        .cond_where(filter)
        .take()
}

/// What a dashboard call asks the database: the count, then the page, which depends on it.
pub struct DashboardQuery {
    /// Every condition, visibility included, each fragment as a LIKE.
    filter: Condition,
    /// The count of `filter`, or of the per-status counts when only statuses are asked for.
    count: SelectStatement,
    /// Where the count stops ([`COUNT_CAP`] or [`FRAGMENT_COUNT_CAP`] when the search reaches
    /// closed orders).
    cap: Option<u64>,
    /// Whether the first page may carry the count in the same statement (one round trip). Not
    /// when PostgreSQL counts every order: it runs that count in parallel only on its own.
    count_with_first_page: bool,
    /// SQLite, a caller who sees every order, a search reaching closed orders with a fragment
    /// of three characters or more: the full-text query and the condition for the rest.
    full_text: Option<(String, Condition)>,
    paging: Paging,
    backend: DbBackend,
}

/// The page to read, as a statement; `reversed` when it reads from the far end (its rows come
/// back in the opposite order).
struct PageStatement {
    statement: Statement,
    reversed: bool,
}

impl DashboardQuery {
    fn count_statement(&self) -> Statement {
        StatementBuilder::build(&self.count, &self.backend)
    }

    /// The matches `counted` stands for: (total, whether there are more than that).
    fn total(&self, counted: u64) -> (u64, bool) {
        match self.cap {
            Some(cap) if counted > cap => (cap, true),
            _ => (counted, false),
        }
    }

    /// The statement for the requested page of the `counted` orders `filter` finds, or None
    /// when the page is past the end. With an exact total, a page in the second half is read
    /// from the other end, so the database skips the fewer rows: the last page costs what the
    /// first does. Past the cap, the matches are common: walking the sort's index and checking
    /// each row finds a page after a few thousand rows at most.
    fn page(&self, counted: u64, filter: Condition) -> Option<PageStatement> {
        let (total, more) = self.total(counted);
        let (limit, offset) = (self.paging.limit, (self.paging.page - 1) * self.paging.limit);
        if offset >= total && !more {
            return None;
        }
        let (take, reversed) = if more {
            (limit, false)
        } else {
            let take = Ord::min(limit, total - offset);
            (take, offset > total - offset - take)
        };
        let offset = if reversed { total - offset - take } else { offset };
        let select = self.page_select(filter, take, offset, reversed);
        Some(PageStatement { statement: StatementBuilder::build(&select, &self.backend), reversed })
    }

    /// The first page with the count as one more column ([`TOTAL_COLUMN`]), when the query
    /// allows it: the first page is read forward whatever the total. Not for a capped count,
    /// whose matches are found once and the page read among them ([`count_and_page_filter`]).
    fn first_page_with_count(&self) -> Option<Statement> {
        if self.paging.page != 1
            || !self.count_with_first_page
            || self.cap.is_some()
            || self.full_text.is_some()
        {
            return None;
        }
        let mut select = self.page_select(self.filter.clone(), self.paging.limit, 0, false);
        select.expr_as(Expr::from(self.count.clone()), Alias::new(TOTAL_COLUMN));
        Some(StatementBuilder::build(&select, &self.backend))
    }

    /// `take` orders from `offset` in the requested order, or in the opposite one when `reversed`.
    fn page_select(
        &self,
        filter: Condition,
        take: u64,
        offset: u64,
        reversed: bool,
    ) -> SelectStatement {
        let descending = self.paging.descending != reversed;
        let direction = if descending { Order::Desc } else { Order::Asc };
        // Empty dates sort last either way (so first when read from the other end); the id
        // keeps pages stable.
        let nulls = if reversed { NullOrdering::First } else { NullOrdering::Last };
        let mut select = page_query(filter);
        for expr in &self.paging.sort {
            select.order_by_expr_with_nulls(expr.clone(), direction.clone(), nulls);
        }
        select.order_by((order::Entity, order::Column::Id), direction);
        select.limit(take).offset(offset);
        select
    }
}

/// The count's column in [`DashboardQuery::first_page_with_count`].
const TOTAL_COLUMN: &str = "total_matches";

/// Checks the filter and builds the statements for the orders `visible` allows (an empty
/// condition: every order).
pub fn build_query(
    visible: Condition,
    f: &SearchFilter,
    zone: Tz,
    backend: DbBackend,
) -> AppResult<DashboardQuery> {
    let paging = paging(f)?;
    let criteria = Criteria::read(f, zone)?;
    let sees_all = visible.is_empty();
    // Numbers over every order are found through PostgreSQL's indexes on their upper-cased form
    // (m0018); a narrower search keeps to its narrower index.
    let upper_numbers = backend == DbBackend::Postgres && sees_all && criteria.whole_book();
    let filter = Condition::all().add(visible).add(criteria.like(upper_numbers));
    // Staff asking only for statuses (the default Open search, All) are counted from the
    // per-status counts the database keeps, exactly and without reading the orders.
    let scanned_in_full = backend == DbBackend::Postgres && criteria.scanned_in_full_on_postgres();
    let (count, cap) = if sees_all && criteria.fragments.is_empty() && !criteria.state_or_dates {
        (counts::count_statement(criteria.wanted.as_deref()), None)
    } else {
        let stops_at = if criteria.fragments.is_empty() { COUNT_CAP } else { FRAGMENT_COUNT_CAP };
        let cap = (criteria.whole_book() && !scanned_in_full).then_some(stops_at);
        (count_statement(filter.clone(), cap), cap)
    };
    // Visibility narrows an appraiser's or a firm's search to their own orders, whose index is
    // the faster way in; a search over every order finds text through the full-text table.
    let full_text = (sees_all && criteria.whole_book() && backend == DbBackend::Sqlite)
        .then(|| criteria.full_text())
        .flatten();
    Ok(DashboardQuery {
        filter,
        count,
        cap,
        count_with_first_page: !(scanned_in_full && criteria.whole_book()),
        full_text,
        paging,
        backend,
    })
}

/// One page of matching orders as the database returns them, with the total: all the database
/// work of a dashboard call.
pub struct Found {
    pub total: u64,
    /// The total stopped at the cap: there are more matches.
    pub more: bool,
    pub rows: Vec<Row>,
    pub limit: u64,
}

async fn count(db: &impl ConnectionTrait, statement: Statement) -> AppResult<u64> {
    let row = db.query_one_raw(statement).await?;
    Ok(row.map(|r| r.try_get_by_index::<i64>(0)).transpose()?.unwrap_or(0) as u64)
}

/// The orders `ids` selects (one `id` column), at most one past the cap: how many, and their ids
/// as a JSON array (made by the database in one row).
async fn first_matches(
    db: &impl ConnectionTrait,
    backend: DbBackend,
    mut ids: SelectStatement,
    cap: u64,
) -> AppResult<(u64, String)> {
    let json_ids = match backend {
        DbBackend::Postgres => "COALESCE(json_agg(id)::text, '[]')",
        _ => "json_group_array(id)",
    };
    ids.limit(cap + 1);
    let select = Query::select()
        .expr(Expr::cust("COUNT(*)"))
        .expr(Expr::cust(json_ids))
        .from_subquery(ids, Alias::new("first_matches"))
        .take();
    let row = db
        .query_one_raw(StatementBuilder::build(&select, &backend))
        .await?
        .expect("an aggregate answers one row");
    Ok((row.try_get_by_index::<i64>(0)? as u64, row.try_get_by_index(1)?))
}

/// The ids of the orders whose text matches the full-text query (SQLite).
fn full_text_ids(text: &str) -> SelectStatement {
    Query::select()
        .expr_as(Expr::cust("rowid"), Alias::new("id"))
        .from(Alias::new("orders_fts"))
        .and_where(Expr::cust_with_values("orders_fts MATCH ?", [text]))
        .take()
}

/// How many orders the full-text table finds that a search checks one by one against the rest of
/// its filter before it walks the sort order instead.
const CANDIDATES_CHECKED: u64 = 10_000;

/// The orders among `ids`, a JSON array of order ids.
fn among_ids(backend: DbBackend, ids: String) -> Expr {
    let sql = match backend {
        DbBackend::Postgres => {
            "\"orders\".\"id\" IN \
             (SELECT value::bigint FROM json_array_elements_text(CAST($1 AS json)))"
        }
        _ => "\"orders\".\"id\" IN (SELECT value FROM json_each(?))",
    };
    Expr::cust_with_values(sql, [ids])
}

/// The count, and the condition the page reads. A capped search finds its matches once (the
/// full-text matches then the rest of the filter checked on those few orders on SQLite; the
/// filter's first matches otherwise) and the page is read among them, unless they pass the cap:
/// the page then reads the whole filter, which a common match meets early in the sort order.
async fn count_and_page_filter(
    db: &impl ConnectionTrait,
    query: &DashboardQuery,
) -> AppResult<(u64, Condition)> {
    let Some((text, rest)) = &query.full_text else {
        let Some(cap) = query.cap else {
            return Ok((count(db, query.count_statement()).await?, query.filter.clone()));
        };
        let ids = Query::select()
            .column((order::Entity, order::Column::Id))
            .from(order::Entity)
            .cond_where(query.filter.clone())
            .take();
        let (found, ids) = first_matches(db, query.backend, ids, cap).await?;
        if found > cap {
            return Ok((found, query.filter.clone()));
        }
        return Ok((found, Condition::all().add(among_ids(query.backend, ids))));
    };
    let cap = query.cap.unwrap_or(FRAGMENT_COUNT_CAP);
    let (mut found, mut ids) = first_matches(db, query.backend, full_text_ids(text), cap).await?;
    let mut checked_up_to = cap;
    if found > cap && !rest.is_empty() {
        // The rest of the filter may leave few of them (a number looked up by its last characters,
        // a narrower status): checking a few thousand orders costs less than walking the sort
        // order.
        checked_up_to = CANDIDATES_CHECKED;
        (found, ids) = first_matches(db, query.backend, full_text_ids(text), checked_up_to).await?;
    }
    if found > checked_up_to {
        let counted =
            if rest.is_empty() { found } else { count(db, query.count_statement()).await? };
        return Ok((counted, query.filter.clone()));
    }
    let among = rest.clone().add(among_ids(query.backend, ids));
    let counted = if rest.is_empty() {
        found
    } else {
        count(db, StatementBuilder::build(&count_statement(among.clone(), None), &query.backend))
            .await?
    };
    Ok((counted, among))
}

/// Runs the dashboard statements for the orders `visible` allows.
pub async fn find(
    db: &impl ConnectionTrait,
    visible: Condition,
    f: &SearchFilter,
    zone: Tz,
) -> AppResult<Found> {
    let query = build_query(visible, f, zone, db.get_database_backend())?;
    if let Some(statement) = query.first_page_with_count() {
        let results = db.query_all_raw(statement).await?;
        // No row: nothing matched, as the count would have said in the same statement.
        let counted = match results.first() {
            Some(first) => first.try_get::<i64>("", TOTAL_COLUMN)? as u64,
            None => 0,
        };
        let rows =
            results.iter().map(|r| Row::from_query_result(r, "")).collect::<Result<_, _>>()?;
        let (total, more) = query.total(counted);
        return Ok(Found { total, more, rows, limit: query.paging.limit });
    }
    let (counted, filter) = count_and_page_filter(db, &query).await?;
    let mut rows = Vec::new();
    if let Some(page) = query.page(counted, filter) {
        rows = Row::find_by_statement(page.statement).all(db).await?;
        if page.reversed {
            rows.reverse();
        }
    }
    let (total, more) = query.total(counted);
    Ok(Found { total, more, rows, limit: query.paging.limit })
}

/// The caller's orders matching the filter, one page, with the total.
pub async fn search(
    db: &impl ConnectionTrait,
    visible: Condition,
    f: &SearchFilter,
    zone: Tz,
) -> AppResult<DashboardPage> {
    let Found { total: total_items, more, rows, limit } = find(db, visible, f, zone).await?;

    let now = Utc::now();
    let items = rows
        .into_iter()
        .map(|r| {
            let status = r.status_id;
            let facts = AttentionFacts {
                status,
                assigned_at: r.assignment_actual_date,
                accepted_at: r.accepted_at,
                appraiser_due_date: r.appraiser_due_date,
                inspection_due_date: r.inspection_due_date,
                inspection_at: r.inspection_actual_date,
                is_desktop: r.is_desktop,
            };
            let name = [r.appraiser_first_name.as_deref(), r.appraiser_last_name.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
            OrderDashboardItem {
                id: r.id,
                usa_file_number: r.file_number,
                order_status: status.label(),
                status_id: status,
                attention_indicator: attention_indicator(&facts, now, zone).map(str::to_string),
                appraiser_unread_messages: r.appraiser_unread_messages,
                assignment_actual_date: r.assignment_actual_date,
                inspection_actual_date: r.inspection_actual_date,
                appraiser_due_date: r.appraiser_due_date,
                property_address_line1: r.property_address_line1,
                property_city: r.property_city,
                property_state_code: r.property_state_code,
                property_zip: r.property_zip,
                borrower_name: r.borrower_name,
                appraiser_name: (!name.is_empty()).then_some(name),
                offered_until: None,
            }
        })
        .collect();
    Ok(DashboardPage {
        items,
        total_items,
        total_is_lower_bound: more,
        total_pages: total_items.div_ceil(limit),
    })
}

/// The orders the caller may see, filtered, sorted and paged.
#[utoipa::path(post, path = "/api/dashboard", tag = "orders", request_body = SearchFilter,
    responses((status = 200, body = DashboardPage), (status = 422, body = MessageResponse)))]
async fn dashboard(
    Call { state, caller }: Call,
    Json(filter): Json<SearchFilter>,
) -> AppResult<axum::Json<DashboardPage>> {
    let visible = visible_orders(&state.db, &caller).await?;
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let mut page = search(&state.db, visible, &filter, zone).await?;
    if caller.user_type.is_appraiser_kind() {
        let ids: Vec<i64> = page.items.iter().map(|i| i.id).collect();
        let offered =
            crate::kernel::orders::offered::open_until(&state.db, caller.id(), ids).await?;
        for item in &mut page.items {
            item.offered_until = offered.get(&item.id).copied().flatten();
        }
    }
    Ok(axum::Json(page))
}
