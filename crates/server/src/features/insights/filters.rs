//! The range, interval and filters of an insight, read from the query string and checked, and
//! the orders they reach (a lender's only ever its own, within the user's seat).
use chrono::{Duration, NaiveDate};
use portal_db::entities::{client_order, order_insight};
use sea_orm::sea_query::{Condition, Query};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Select};
use serde::Deserialize;
use utoipa::IntoParams;

use super::chart::Interval;
use crate::kernel::clients::ClientSeat;
use crate::platform::fields::invalid;
use crate::platform::http::error::AppResult;

/// The days a range covers when none is given.
pub const DEFAULT_DAYS: i64 = 90;
/// The longest range, in days.
pub const MAX_DAYS: i64 = 1096;
/// The longest range drawn day by day.
pub const MAX_DAILY_DAYS: i64 = 366;

/// The company's filters of an insight.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct StaffInsightQuery {
    /// yyyy-mm-dd, inclusive; 89 days before `to` when absent.
    #[param(format = Date)]
    pub from: Option<String>,
    /// yyyy-mm-dd, inclusive, not before `from` and at most three years after it; today when
    /// absent.
    #[param(format = Date)]
    pub to: Option<String>,
    pub interval: Option<Interval>,
    pub client_id: Option<i32>,
    /// The order's first product.
    pub product_id: Option<i32>,
    /// The property's state, two letters.
    #[param(pattern = "^[A-Za-z]{2}$")]
    pub state: Option<String>,
    /// The appraiser firm.
    pub firm_id: Option<i32>,
}

/// A lender's filters of an insight over its own orders.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", default)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ClientInsightQuery {
    /// yyyy-mm-dd, inclusive; 89 days before `to` when absent.
    #[param(format = Date)]
    pub from: Option<String>,
    /// yyyy-mm-dd, inclusive, not before `from` and at most three years after it; today when
    /// absent.
    #[param(format = Date)]
    pub to: Option<String>,
    pub interval: Option<Interval>,
    /// The order's first product.
    pub product_id: Option<i32>,
    /// The property's state, two letters.
    #[param(pattern = "^[A-Za-z]{2}$")]
    pub state: Option<String>,
}

/// A checked range, interval and the orders an insight reads.
#[derive(Debug, Clone)]
pub struct Scope {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub interval: Interval,
    pub today: NaiveDate,
    pub client_id: Option<i32>,
    /// The lender user's reach within its client (None: the whole client, or staff).
    pub seat: Option<ClientSeat>,
    pub product_id: Option<i32>,
    pub state: Option<String>,
    pub firm_id: Option<i32>,
}

impl Scope {
    pub fn of_staff(q: StaffInsightQuery, today: NaiveDate) -> AppResult<Scope> {
        let mut scope = Scope::checked(q.from, q.to, q.interval, q.state, today)?;
        scope.client_id = q.client_id;
        scope.product_id = q.product_id;
        scope.firm_id = q.firm_id;
        Ok(scope)
    }

    pub fn of_client(
        q: ClientInsightQuery,
        seat: ClientSeat,
        today: NaiveDate,
    ) -> AppResult<Scope> {
        let mut scope = Scope::checked(q.from, q.to, q.interval, q.state, today)?;
        scope.client_id = Some(seat.client_id);
        scope.seat = Some(seat);
        scope.product_id = q.product_id;
        Ok(scope)
    }

    fn checked(
        from: Option<String>,
        to: Option<String>,
        interval: Option<Interval>,
        state: Option<String>,
        today: NaiveDate,
    ) -> AppResult<Scope> {
        let to = date(to, "To")?.unwrap_or(today);
        let from = date(from, "From")?.unwrap_or(to - Duration::days(DEFAULT_DAYS - 1));
        let interval = interval.unwrap_or_default();
        if from > to {
            return Err(invalid("From must be on or before To."));
        }
        let days = (to - from).num_days() + 1;
        if days > MAX_DAYS {
            return Err(invalid("Pick a range of at most three years."));
        }
        if interval == Interval::Day && days > MAX_DAILY_DAYS {
            return Err(invalid("Pick weeks or months for a range over a year."));
        }
        let state = state.map(|s| s.trim().to_ascii_uppercase());
        if state
            .as_ref()
            .is_some_and(|s| s.len() != 2 || !s.chars().all(|c| c.is_ascii_uppercase()))
        {
            return Err(invalid("State must be a two-letter code such as TX."));
        }
        Ok(Scope {
            from,
            to,
            interval,
            today,
            client_id: None,
            seat: None,
            product_id: None,
            state,
            firm_id: None,
        })
    }

    pub fn range(&self) -> (NaiveDate, NaiveDate) {
        (self.from, self.to)
    }

    /// Whether the scope narrows the orders beyond the client.
    pub fn reaches_some_orders(&self) -> bool {
        self.product_id.is_some()
            || self.state.is_some()
            || self.firm_id.is_some()
            || self.seat.is_some_and(|s| s.reach().is_some())
    }

    /// The orders' figures this scope reaches.
    pub fn orders(&self) -> Select<order_insight::Entity> {
        order_insight::Entity::find().filter(self.condition())
    }

    /// The condition on `order_insights` this scope sets.
    pub fn condition(&self) -> Condition {
        use order_insight::Column as C;
        let mut all = Condition::all();
        if let Some(id) = self.client_id {
            all = all.add(C::ClientId.eq(id));
        }
        if let Some(id) = self.product_id {
            all = all.add(C::ProductId.eq(id));
        }
        if let Some(state) = &self.state {
            all = all.add(C::StateCode.eq(state.as_str()));
        }
        if let Some(id) = self.firm_id {
            all = all.add(C::FirmId.eq(id));
        }
        if let Some(reach) = self.seat.and_then(|s| s.reach()) {
            let reached = Query::select()
                .column(client_order::Column::OrderId)
                .from(client_order::Entity)
                .cond_where(reach)
                .to_owned();
            all = all.add(C::OrderId.in_subquery(reached));
        }
        all
    }
}

fn date(text: Option<String>, name: &str) -> AppResult<Option<NaiveDate>> {
    match text.as_deref().map(str::trim) {
        None => Ok(None),
        Some(t) => NaiveDate::parse_from_str(t, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| invalid(format!("{name} must be a date such as 2026-11-27."))),
    }
}
